package diag

import (
	"fmt"
	"io"
)

// Format is an output format for a list of diagnostics.
type Format string

// The output formats.
const (
	FormatText  Format = "text"
	FormatJSON  Format = "json"
	FormatSARIF Format = "sarif"
	// FormatHuman is the older name of FormatText.
	FormatHuman = FormatText
)

// ParseFormat checks a --format flag value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case FormatText, FormatJSON, FormatSARIF:
		return f, nil
	case "human", "":
		return FormatText, nil
	}
	return "", fmt.Errorf("parse format %q: want text, json or sarif", s)
}

// Render writes the list in the given format. The list is written as given:
// callers sort it first (List.Sort).
func Render(w io.Writer, f Format, l List) error {
	switch f {
	case FormatJSON:
		return WriteJSON(w, l)
	case FormatSARIF:
		return WriteSARIF(w, l)
	default:
		return WriteText(w, l)
	}
}
