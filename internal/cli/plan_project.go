package cli

import (
	"context"
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// planProject prints the plan of every selected unit of the project,
// each under a header line naming it, and with writeState writes the
// state manifests of the units that planned without errors.
func planProject(ctx context.Context, e env, f planFlags, path string, pkgs []string, write bool) int {
	if _, err := parseFormat(f.format, formatText); err != nil {
		return e.usageError("%v (a project's plans print as text; give --profile for one plan as json)", err)
	}
	cfg, res, code := projectUnits(ctx, e, f, path, pkgs, diag.FormatText)
	if code != ExitOK {
		return code
	}
	worst := ExitOK
	for i, r := range res {
		if i > 0 {
			fmt.Fprintln(e.stdout)
		}
		fmt.Fprintf(e.stdout, "# %s (profile %s)\n", r.Unit, r.Target.Profile)
		l := displayPaths(unitDiagnostics(r))
		printDiagList(e.stderr, l)
		if c := exitFor(l); c != ExitOK {
			worst = max(worst, c)
			fmt.Fprintf(e.stdout, "not planned: %s\n", diag.Summary(l))
			continue
		}
		fmt.Fprint(e.stdout, r.Result.Model.Text())
		if !write {
			continue
		}
		files, err := writeState(cfg, r)
		if err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		for _, file := range files {
			e.errorf("wrote %s", file)
		}
	}
	return worst
}
