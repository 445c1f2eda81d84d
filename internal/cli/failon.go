package cli

import (
	"flag"
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// failFlags are --fail-on and --strict: the least serious diagnostic that
// fails the command (validate, check).
type failFlags struct {
	failOn string
	strict bool
}

// register defines the flags.
func (f *failFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.failOn, "fail-on", "error", "the least serious diagnostic that fails the command: error, warning or note")
	fs.BoolVar(&f.strict, "strict", false, "warnings fail the command too (--fail-on warning)")
}

// severity returns the severity at which diagnostics fail the command.
func (f failFlags) severity() (diag.Severity, error) {
	if f.strict {
		if f.failOn == "note" {
			return diag.Note, nil
		}
		return diag.Warning, nil
	}
	s, ok := diag.ParseSeverity(f.failOn)
	if !ok {
		return "", fmt.Errorf("--fail-on %q: want error, warning or note", f.failOn)
	}
	return s, nil
}

// exitAt maps diagnostics to the exit code of their worst one of severity
// least or more serious (exitFor is exitAt(l, diag.Error)).
func exitAt(l diag.List, least diag.Severity) int { return exitCodes[l.WorstAt(least)] }
