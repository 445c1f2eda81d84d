package diag

import (
	"fmt"
	"io"
	"strings"
)

// WriteText writes one line per diagnostic (`file:line:col: CODE: message`,
// then an indented hint) and a closing summary line such as
// "2 errors, 1 warning". An empty list writes nothing.
func WriteText(w io.Writer, l List) error {
	if len(l) == 0 {
		return nil
	}
	var b strings.Builder
	for _, d := range l {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	b.WriteString(Summary(l))
	b.WriteByte('\n')
	_, err := io.WriteString(w, b.String())
	if err != nil {
		return fmt.Errorf("write diagnostics: %w", err)
	}
	return nil
}

// Summary counts the diagnostics by severity, e.g. "2 errors, 1 warning, 0 notes".
func Summary(l List) string {
	var errs, warns, notes int
	for _, d := range l {
		switch d.Severity {
		case Warning:
			warns++
		case Note:
			notes++
		default:
			errs++
		}
	}
	return fmt.Sprintf("%s, %s, %s", Count(errs, "error", "errors"), Count(warns, "warning", "warnings"), Count(notes, "note", "notes"))
}
