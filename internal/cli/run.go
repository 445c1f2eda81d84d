package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/run"
)

// runRun implements `etlgen run PKG --profile FILE`: it plans the package's
// pipelines with the profile and runs them on the engine the profile names
// (package run: the local engine in-process, or the generated program on
// Spark Connect), printing a line per micro-batch and where the report is.
func runRun(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("run", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	f.register(fs, "human")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen run PKG --profile FILE [--pipeline ID]\n\nRuns the pipelines on the profile's engine (local: in-process, no JVM; pyspark: the generated program on Spark Connect).\nExit: 0 ok, 1 the run failed, 10 invalid model, 12 planning failure, 14 incompatible state, 16 environment failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	if f.profile == "" {
		fmt.Fprintln(e.stderr, "etlgen run: --profile FILE is required")
		return ExitUsage
	}
	res, code := loadPlan(ctx, e, "run", f, pkgs)
	if code != ExitOK {
		return code
	}
	if res.Diagnostics.HasErrors() {
		return report(e.stdout, e.stderr, diag.FormatHuman, displayPaths(res.Diagnostics))
	}
	live := isTerminal(e.stdout)
	reports, err := run.Run(ctx, res.Model, run.Options{
		OnBatch:    func(b run.Batch) { printBatch(e.stdout, b, live) },
		OnNotice:   func(n run.Notice) { printNotice(e, n, live) },
		ProgramLog: programLog(),
	})
	if live {
		fmt.Fprintln(e.stdout)
	}
	for _, r := range reports {
		printReport(e, r)
	}
	return runExit(e, reports, err)
}

// runExit maps the run's outcome to the exit code: a state incompatible
// with the checkpoint 14 (with its diagnostics), the environment or a
// checkpoint another run holds (ETL-K520) 16, a failed run 1 (an
// inconsistent checkpoint, ETL-K521/K522, among them).
func runExit(e env, reports []*run.Report, err error) int {
	var incompatible *run.IncompatibleStateError
	var environment *run.EnvironmentError
	var locked *run.LockedError
	switch {
	case errors.As(err, &incompatible):
		return report(e.stdout, e.stderr, diag.FormatHuman, incompatible.Diagnostics)
	case errors.As(err, &environment), errors.As(err, &locked):
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitEnvironment
	case err != nil:
		fmt.Fprintf(e.stderr, "etlgen run: %v\n", err)
		return ExitFailure
	}
	for _, r := range reports {
		if r.Status == "failed" {
			if r.ExitCode == ExitEnvironment {
				return ExitEnvironment
			}
			return ExitFailure
		}
	}
	return ExitOK
}

// programLog is where the Spark programs' stderr goes: ETLGEN_SPARK_LOG
// names a file; by default it is dropped (the last lines reach the report
// on a crash).
func programLog() io.Writer {
	if p := os.Getenv("ETLGEN_SPARK_LOG"); p != "" {
		if f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644); err == nil {
			return f
		}
	}
	return nil
}
