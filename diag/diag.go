package diag

import (
	"fmt"
	"go/token"
	"sort"
	"strings"
)

// Severity says how serious a diagnostic is.
type Severity string

// The severities, from most to least serious.
const (
	Error   Severity = "error"
	Warning Severity = "warning"
	Note    Severity = "note"
)

// Position is a place in a Go or YAML source file. A zero Position means the
// diagnostic has no source location.
type Position struct {
	File   string `json:"file,omitempty"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

// FromToken converts a go/token position.
func FromToken(p token.Position) Position {
	return Position{File: p.Filename, Line: p.Line, Column: p.Column}
}

// IsValid reports whether the position names a file.
func (p Position) IsValid() bool { return p.File != "" }

// String renders file:line:col, omitting parts that are unknown.
func (p Position) String() string {
	if !p.IsValid() {
		return "-"
	}
	s := p.File
	if p.Line > 0 {
		s += fmt.Sprintf(":%d", p.Line)
		if p.Column > 0 {
			s += fmt.Sprintf(":%d", p.Column)
		}
	}
	return s
}

// Diagnostic is one problem found in the user's input.
type Diagnostic struct {
	Code     string   `json:"code"`
	Severity Severity `json:"severity"`
	Pos      Position `json:"position"`
	Path     string   `json:"path,omitempty"`
	Message  string   `json:"message"`
	Hint     string   `json:"hint,omitempty"`
	// Fix is the hint as an edit a tool can apply, when it is mechanical.
	Fix Fix `json:"fix,omitzero"`
}

// String renders the diagnostic in its one-line text form plus an indented hint.
func (d Diagnostic) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s: %s", d.Pos, d.Code, d.Message)
	if d.Path != "" {
		fmt.Fprintf(&b, " [%s]", d.Path)
	}
	if d.Severity != "" && d.Severity != Error {
		fmt.Fprintf(&b, " (%s)", d.Severity)
	}
	if d.Hint != "" {
		fmt.Fprintf(&b, "\n\thint: %s", d.Hint)
	}
	return b.String()
}

// List collects diagnostics. The zero value is ready to use.
type List []Diagnostic

// Add appends a diagnostic.
func (l *List) Add(d Diagnostic) { *l = append(*l, d) }

// Errorf appends an error-severity diagnostic.
func (l *List) Errorf(code string, pos Position, hint, format string, args ...any) {
	l.Add(Diagnostic{Code: code, Severity: Error, Pos: pos, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// Warnf appends a warning-severity diagnostic.
func (l *List) Warnf(code string, pos Position, hint, format string, args ...any) {
	l.Add(Diagnostic{Code: code, Severity: Warning, Pos: pos, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// HasErrors reports whether any diagnostic has error severity.
func (l List) HasErrors() bool {
	for _, d := range l {
		if d.Severity == Error || d.Severity == "" {
			return true
		}
	}
	return false
}

// Codes returns the codes of the diagnostics in order.
func (l List) Codes() []string {
	out := make([]string, len(l))
	for i, d := range l {
		out[i] = d.Code
	}
	return out
}

// Sort orders the list by file, line, column, code and message.
func (l List) Sort() {
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		switch {
		case a.Pos.File != b.Pos.File:
			return a.Pos.File < b.Pos.File
		case a.Pos.Line != b.Pos.Line:
			return a.Pos.Line < b.Pos.Line
		case a.Pos.Column != b.Pos.Column:
			return a.Pos.Column < b.Pos.Column
		case a.Code != b.Code:
			return a.Code < b.Code
		}
		return a.Message < b.Message
	})
}

// Err returns nil when the list holds no error-severity diagnostic, and an
// error listing every diagnostic otherwise.
func (l List) Err() error {
	if !l.HasErrors() {
		return nil
	}
	return &ListError{List: l}
}

// ListError is the error form of a List with errors.
type ListError struct{ List List }

// Error renders every diagnostic, one per line.
func (e *ListError) Error() string {
	parts := make([]string, len(e.List))
	for i, d := range e.List {
		parts[i] = d.String()
	}
	return strings.Join(parts, "\n")
}

// Dedupe returns the list without repeats (same position, code and message),
// keeping the first of each in order: a problem reached along two paths (a
// nested struct used twice, a plan built for defaults and for a step) is
// reported once.
func (l List) Dedupe() List {
	seen := make(map[string]bool, len(l))
	var out List
	for _, d := range l {
		k := d.Pos.String() + "\x00" + d.Code + "\x00" + d.Message
		if !seen[k] {
			seen[k] = true
			out = append(out, d)
		}
	}
	return out
}
