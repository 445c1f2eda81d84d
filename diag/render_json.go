package diag

import (
	"encoding/json"
	"fmt"
	"io"
)

// jsonReport is the JSON form of a diagnostic list.
type jsonReport struct {
	Diagnostics List   `json:"diagnostics"`
	Summary     string `json:"summary"`
	HasErrors   bool   `json:"hasErrors"`
}

// WriteJSON writes {"diagnostics": [...], "summary": "...", "hasErrors": bool},
// indented, with a trailing newline. An empty list writes an empty array.
func WriteJSON(w io.Writer, l List) error {
	if l == nil {
		l = List{}
	}
	rep := jsonReport{Diagnostics: l, Summary: Summary(l), HasErrors: l.HasErrors()}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(rep); err != nil {
		return fmt.Errorf("write diagnostics as json: %w", err)
	}
	return nil
}
