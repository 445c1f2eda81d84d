package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// unitReport is what a project command found for one unit: its
// diagnostics, and what else it checked (check adds tests and contracts).
type unitReport struct {
	project.UnitResult
	// Diagnostics are the unit's own, in display form.
	Diagnostics diag.List
	// Extra are words for the summary line ("tests ok").
	Extra []string
}

// validateProject is validate over the project file: every selected
// pipeline package × target is planned, its Go source checked once per
// package, and its plan graded against the committed state manifests.
func validateProject(ctx context.Context, e env, f planFlags, path string, pkgs []string, format string, least diag.Severity) int {
	cfg, res, code := projectUnits(ctx, e, f, path, pkgs, diagFormat(format))
	if code != ExitOK {
		return code
	}
	reports := validateUnits(ctx, cfg, res)
	return renderUnits(e, format, reports, least, "validate")
}

// validateUnits gathers each unit's diagnostics: its plan's, its
// package's source check (once per package, on its first unit) and its
// state compatibility.
func validateUnits(ctx context.Context, cfg *project.Config, res []project.UnitResult) []unitReport {
	src := sourceChecks(ctx, cfg, res)
	out := make([]unitReport, len(res))
	done := map[string]bool{}
	for i, r := range res {
		l := append(diag.List{}, unitDiagnostics(r)...)
		if !done[r.Entry.Package] {
			done[r.Entry.Package] = true
			l = append(l, src[r.Entry.Package]...)
		}
		l = append(l, stateDiagnostics(cfg, r)...)
		out[i] = unitReport{UnitResult: r, Diagnostics: displayPaths(l.Dedupe())}
	}
	return out
}

// sourceChecks runs gen.CheckPackageCached (C1xx, a stale zz_etlgen.go)
// for each package that loaded, concurrently.
func sourceChecks(ctx context.Context, cfg *project.Config, res []project.UnitResult) map[string]diag.List {
	type result struct {
		pkg string
		l   diag.List
	}
	ch := make(chan result)
	n := 0
	seen := map[string]bool{}
	for _, r := range res {
		if r.Err != nil || seen[r.Entry.Package] {
			continue
		}
		seen[r.Entry.Package] = true
		n++
		go func(pkg string) {
			l, err := gen.CheckPackageCached(ctx, irload.Loader{}, cfg.Root, pkg)
			if err != nil {
				l = nil // the load of the package reports what is wrong with it
			}
			ch <- result{pkg, l}
		}(r.Entry.Package)
	}
	out := map[string]diag.List{}
	for range n {
		r := <-ch
		out[r.pkg] = r.l
	}
	return out
}

// renderUnits prints the units' diagnostics and one summary line per
// unit, and returns the exit code. Text: each unit's diagnostics not
// already printed for an earlier unit go to stderr, the summary lines
// and a closing line to stdout. JSON and SARIF: one document with every
// diagnostic once (JSON also has the units).
func renderUnits(e env, format string, reports []unitReport, least diag.Severity, verb string) int {
	var all diag.List
	for _, r := range reports {
		all = append(all, r.Diagnostics...)
	}
	all = all.Dedupe()
	all.Sort()
	code := exitAt(all, least)
	switch format {
	case formatSARIF:
		if err := diag.WriteSARIF(e.stdout, all); err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		return code
	case formatJSON:
		if err := writeUnitsJSON(e.stdout, reports, all, code, least); err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		return code
	}
	printed := map[string]bool{}
	for _, r := range reports {
		var fresh diag.List
		for _, d := range r.Diagnostics {
			if k := d.String(); !printed[k] {
				printed[k] = true
				fresh = append(fresh, d)
			}
		}
		printDiagList(e.stderr, fresh)
	}
	writeSummary(e.stdout, reports, least)
	failing := 0
	for _, r := range reports {
		if exitAt(r.Diagnostics, least) != ExitOK {
			failing++
		}
	}
	units := plural(len(reports), "pipeline package × target", "pipeline packages × targets")
	if failing > 0 {
		fmt.Fprintf(e.stdout, "%s: %d of %s failed\n", verb, failing, units)
	} else if len(all) == 0 {
		fmt.Fprintf(e.stdout, "ok: %s, no problems found\n", units)
	} else {
		fmt.Fprintf(e.stdout, "ok: %s, %s\n", units, diag.Summary(all))
	}
	return code
}

// writeSummary prints one aligned line per unit: ok or FAIL, the
// package@target, its pipelines and what was found.
func writeSummary(w io.Writer, reports []unitReport, least diag.Severity) {
	width := 0
	for _, r := range reports {
		width = max(width, len(r.Unit.String()))
	}
	for _, r := range reports {
		status := "ok  "
		if exitAt(r.Diagnostics, least) != ExitOK {
			status = "FAIL"
		}
		found := "no problems"
		if len(r.Diagnostics) > 0 {
			found = diag.Summary(r.Diagnostics)
		}
		for _, x := range r.Extra {
			found += "; " + x
		}
		fmt.Fprintf(w, "%s %-*s  %s: %s\n", status, width, r.Unit.String(), pipelineIDs(r.UnitResult), found)
	}
}

// plural returns "n one" or "n many".
func plural(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	return fmt.Sprintf("%d %s", n, many)
}
