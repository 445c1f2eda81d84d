package cli

import (
	"encoding/json"
	"io"

	"github.com/etlgen/etlgen/diag"
)

// unitJSON is one unit in the JSON output of a project command.
type unitJSON struct {
	Package     string    `json:"package"`
	Target      string    `json:"target"`
	Profile     string    `json:"profile"`
	Pipelines   []string  `json:"pipelines"`
	OK          bool      `json:"ok"`
	Checked     []string  `json:"checked,omitempty"`
	Diagnostics diag.List `json:"diagnostics"`
}

// unitsDocument is the JSON output of validate and check over a project.
type unitsDocument struct {
	Units       []unitJSON `json:"units"`
	Diagnostics diag.List  `json:"diagnostics"`
	ExitCode    int        `json:"exitCode"`
}

// writeUnitsJSON writes the units (ok by the diagnostics of severity
// least or worse) and every diagnostic once.
func writeUnitsJSON(w io.Writer, reports []unitReport, all diag.List, code int, least diag.Severity) error {
	doc := unitsDocument{Units: []unitJSON{}, Diagnostics: all, ExitCode: code}
	if doc.Diagnostics == nil {
		doc.Diagnostics = diag.List{}
	}
	for _, r := range reports {
		u := unitJSON{Package: r.Entry.Package, Target: r.Target.Name, Profile: r.Target.Profile, Pipelines: []string{},
			OK: exitAt(r.Diagnostics, least) == ExitOK, Checked: r.Extra, Diagnostics: r.Diagnostics}
		if u.Diagnostics == nil {
			u.Diagnostics = diag.List{}
		}
		if r.Err == nil && r.Result.Model != nil {
			for _, p := range r.Result.Model.Pipelines {
				u.Pipelines = append(u.Pipelines, p.ID)
			}
		}
		doc.Units = append(doc.Units, u)
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(doc)
}
