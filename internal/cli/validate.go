package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/planner"
)

// runValidate implements `etlgen validate PKG --profile FILE [--against
// OLD.json] [--format human|json|sarif]`: it plans the package's pipelines
// offline and reports every problem of every layer at once (the profile's
// own, the pipeline's, the engine's capabilities); with --against it also
// grades the state against the manifest of the running checkpoints.
func runValidate(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	var against string
	f.register(fs, "human, json or sarif")
	f.cwdPaths = true
	fs.StringVar(&against, "against", "", "state manifest `OLD.json` (etlgen plan --manifest) of the existing checkpoints")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen validate [PKG] --profile FILE [--ir FILE] [--against OLD.json] [--format human|json|sarif]\n\nChecks pipelines offline: definition, Spark streaming rules, profile capabilities,\nthe engine's capabilities, checkpoint identity and, with --against, state compatibility.\nExit: 0 ok, 10 invalid model, 12 planning failure, 14 incompatible state, 16 environment failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	format, err := diag.ParseFormat(f.format)
	if err != nil || f.profile == "" {
		fmt.Fprintln(e.stderr, "etlgen validate: --profile FILE is required; --format is human, json or sarif")
		return ExitUsage
	}
	source := checkSource(ctx, f, pkgs)
	res, code := loadPlan(ctx, e, "validate", f, pkgs)
	if code != ExitOK {
		return code
	}
	diags := append(res.Diagnostics, (<-source)...)
	if against != "" {
		diags = append(diags, compareAgainst(joinDir(f.dir, against), res.Model)...)
	}
	return report(e.stdout, e.stderr, format, displayPaths(diags))
}

// checkSource checks, beside the plan, the contracts in the package's Go
// source and its generated helpers (gen.CheckPackages: C1xx, a stale
// zz_etlgen.go), concurrently; an --ir document has no source to check.
// A package that does not load is loadPlan's to report.
func checkSource(ctx context.Context, f planFlags, pkgs []string) <-chan diag.List {
	out := make(chan diag.List, 1)
	if f.irFile != "" || len(pkgs) != 1 {
		out <- nil
		return out
	}
	go func() {
		l, err := gen.CheckPackages(ctx, f.dir, pkgs[0])
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
		data = nil // CompareManifest reports an unreadable manifest as ETL-X611
	}
	_, l := planner.CompareManifest(data, m)
	for i := range l {
		if !l[i].Pos.IsValid() { // the manifest itself, or a query that is gone
			l[i].Pos = diag.Position{File: path}
		}
	}
	return l
}

// report renders the diagnostics and maps them to the exit code.
func report(stdout, stderr io.Writer, format diag.Format, l diag.List) int {
	if format == diag.FormatHuman && len(l) == 0 {
		fmt.Fprintln(stdout, "ok: no problems found")
		return ExitOK
	}
	if err := diag.Render(stdout, format, l); err != nil {
		fmt.Fprintf(stderr, "etlgen: %v\n", err)
		return ExitFailure
	}
	return exitFor(l)
}
