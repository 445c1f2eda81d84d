package cli

import (
	"context"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// runCompile implements `etlgen compile PKG --profile FILE -o DIR`: it plans
// the package's pipelines with the profile and writes one PySpark program
// per pipeline, plus etlgen_runtime.py, into DIR.
func runCompile(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("compile", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	f.register(fs, "human")
	out := fs.String("o", "", "write the programs into `DIR` (required)")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen compile PKG --profile FILE -o DIR [--pipeline ID]\n\nWrites one PySpark program per pipeline (a Spark Connect client) and etlgen_runtime.py into DIR.\nExit: 0 ok, 10 invalid model, 12 planning failure, 16 environment failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	if f.profile == "" || *out == "" {
		fmt.Fprintln(e.stderr, "etlgen compile: --profile FILE and -o DIR are required")
		return ExitUsage
	}
	files, code := compilePrograms(ctx, e, f, pkgs)
	if code != ExitOK {
		return code
	}
	dir := joinDir(f.dir, *out)
	if err := pyspark.Write(dir, files); err != nil {
		fmt.Fprintf(e.stderr, "etlgen compile: %v\n", err)
		return ExitFailure
	}
	for _, file := range files {
		fmt.Fprintln(e.stdout, filepath.Join(*out, file.Path))
	}
	return ExitOK
}

// compilePrograms loads the profile and the IR, plans, and generates the
// programs; a non-zero code has been reported already.
func compilePrograms(ctx context.Context, e env, f planFlags, pkgs []string) ([]pyspark.File, int) {
	m, code := planForSpark(ctx, e, f, pkgs)
	if code != ExitOK {
		return nil, code
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen compile: %v\n", err)
		return nil, ExitPlanning
	}
	return files, ExitOK
}

// planForSpark loads the profile and the IR and plans them.
func planForSpark(ctx context.Context, e env, f planFlags, pkgs []string) (*planner.Model, int) {
	prof, pdiags, err := profile.Load(joinDir(f.dir, f.profile))
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
		return nil, ExitEnvironment
	}
	if pdiags.HasErrors() {
		return nil, report(e.stdout, e.stderr, diag.FormatHuman, pdiags)
	}
	doc, code := loadIR(ctx, e, f, pkgs)
	if code != ExitOK {
		return nil, code
	}
	m, diags := planner.Plan(doc, prof, planner.Options{Pipelines: f.pipelines, OutputModes: f.outputModes()})
	if diags.HasErrors() {
		return nil, report(e.stdout, e.stderr, diag.FormatHuman, diags)
	}
	return m, ExitOK
}
