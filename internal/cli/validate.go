package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/planner"
)

// validateCommand is `etlgen validate PKG --profile FILE [--against
// OLD.json] [--format text|json|sarif]`: it plans the package's pipelines
// offline and reports every problem of every layer at once (the profile's
// own, the pipeline's, the engine's capabilities); with --against it also
// grades the state against the manifest of the running checkpoints.
func validateCommand() command {
	return command{
		summary: "check pipelines offline: definition, streaming rules, profile, checkpoints, state",
		usage:   []string{"etlgen validate [PKG] --profile FILE [--ir FILE] [--against OLD.json] [--format text|json|sarif]"},
		help: "Checks pipelines offline: definition, Spark streaming rules, profile capabilities,\n" +
			"the engine's capabilities, checkpoint identity and, with --against, state compatibility.\n" +
			"Text diagnostics go to stderr and a closing \"ok\" line to stdout; json and sarif print one\n" +
			"document on stdout (for CI: --format sarif > etlgen.sarif).\n" +
			"Exit: 0 ok, 10 invalid model (a package that does not compile too), 12 planning failure,\n" +
			"14 incompatible state, 16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var against string
			var ff failFlags
			f.register(fs)
			ff.register(fs)
			formatFlag(fs, &f.format, formatText, formatJSON, formatSARIF)
			f.cwdPaths = true
			fs.StringVar(&against, "against", "", "state manifest `OLD.json` (etlgen plan --manifest) of the existing checkpoints")
			return func(ctx context.Context, e env, pkgs []string) int {
				return runValidate(ctx, e, f, ff, against, pkgs)
			}
		},
	}
}

// runValidate plans and reports, in the format asked for.
func runValidate(ctx context.Context, e env, f planFlags, ff failFlags, against string, pkgs []string) int {
	format, err := parseFormat(f.format, formatText, formatJSON, formatSARIF)
	if err != nil {
		return e.usageError("%v", err)
	}
	least, err := ff.severity()
	if err != nil {
		return e.usageError("%v", err)
	}
	if path, ok := f.projectMode(); ok {
		if against != "" {
			return e.usageError("--against names one manifest: in a project, etlgen validate reads the committed manifests of its state: directory")
		}
		return validateProject(ctx, e, f, path, pkgs, format, least)
	}
	if code := f.singleMode(e); code != ExitOK {
		return code
	}
	source := checkSource(ctx, f, pkgs)
	res, code := loadPlan(ctx, e, f, pkgs, diagFormat(format))
	if code != ExitOK {
		return code
	}
	diags := append(res.Diagnostics, (<-source)...)
	if against != "" {
		diags = append(diags, compareAgainst(joinDir(f.dir, against), res.Model)...)
	}
	return reportAt(e, diagFormat(format), displayPaths(diags), least)
}

// checkSource checks, beside the plan, the contracts in the package's Go
// source and its generated helpers (gen.CheckPackageCached: C1xx, a stale
// zz_etlgen.go), concurrently; an --ir document has no source to check.
// A package that does not load is loadPlan's to report.
func checkSource(ctx context.Context, f planFlags, pkgs []string) <-chan diag.List {
	out := make(chan diag.List, 1)
	if f.irFile != "" || len(pkgs) != 1 {
		out <- nil
		return out
	}
	go func() {
		l, err := gen.CheckPackageCached(ctx, irload.Loader{}, f.dir, pkgs[0])
		if err != nil {
			l = nil
		}
		out <- l
	}()
	return out
}

// compareAgainst grades the plan's state against an old manifest file.
func compareAgainst(path string, m *planner.Model) diag.List {
	data, err := os.ReadFile(path)
	if err != nil {
		var l diag.List
		l.Errorf(planner.CodeStateManifest, diag.Position{File: path}, "pass the file etlgen plan --manifest wrote for the running version",
			"cannot read the old state manifest: %v", errors.Unwrap(err))
		return l
	}
	_, l := planner.CompareManifest(data, m)
	for i := range l {
		if !l[i].Pos.IsValid() { // the manifest itself, or a query that is gone
			l[i].Pos = diag.Position{File: path}
		}
	}
	return l
}

// report renders the diagnostics and maps them to the exit code: text
// goes to stderr (and, when nothing fails, an "ok" line to stdout), a JSON
// or SARIF document to stdout.
func report(e env, format diag.Format, l diag.List) int {
	return reportAt(e, format, l, diag.Error)
}

// reportAt is report with the least serious diagnostic that fails given:
// with diag.Warning (--strict) a warning fails with the exit code of its
// class.
func reportAt(e env, format diag.Format, l diag.List, least diag.Severity) int {
	code := exitAt(l, least)
	if format != diag.FormatText {
		if err := diag.Render(e.stdout, format, l); err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		return code
	}
	if err := diag.WriteText(e.stderr, l); err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	switch {
	case code != ExitOK:
	case len(l) == 0:
		fmt.Fprintln(e.stdout, "ok: no problems found")
	default:
		fmt.Fprintf(e.stdout, "ok: %s\n", diag.Summary(l))
	}
	return code
}
