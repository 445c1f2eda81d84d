package diag

import (
	"fmt"
	"io"
)

// Format is an output format for a list of diagnostics.
type Format string

// The output formats.
const (
	FormatHuman Format = "human"
	FormatJSON  Format = "json"
	FormatSARIF Format = "sarif"
)

// ParseFormat checks a --format flag value.
func ParseFormat(s string) (Format, error) {
	switch f := Format(s); f {
	case FormatHuman, FormatJSON, FormatSARIF:
		return f, nil
	case "text", "":
		return FormatHuman, nil
	}
	return "", fmt.Errorf("parse format %q: want human, json or sarif", s)
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
