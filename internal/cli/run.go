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

// runCommand is `etlgen run PKG --profile FILE`: it plans the package's
// pipelines with the profile and runs them on the engine the profile names
// (package run: the local engine in-process, or the generated program on
// Spark Connect), printing a line per micro-batch and where the report is.
func runCommand() command {
	return command{
		summary: "run pipelines on the profile's engine (local: in-process, no JVM)",
		usage:   []string{"etlgen run [PKG] --profile FILE [--pipeline ID]"},
		help: "Runs the pipelines on the profile's engine (local: in-process, no JVM; pyspark: the generated\n" +
			"program on Spark Connect). Batch lines and the outcome go to stdout; warnings and errors to stderr.\n" +
			"Exit: 0 ok, 1 the run failed, 10 invalid model, 12 planning failure, 14 incompatible state,\n" +
			"16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			f.register(fs)
			return func(ctx context.Context, e env, pkgs []string) int {
				return runRun(ctx, e, f, pkgs)
			}
		},
	}
}

// runRun plans and runs.
func runRun(ctx context.Context, e env, f planFlags, pkgs []string) int {
	if f.profile == "" {
		return e.usageError("--profile FILE is required")
	}
	if len(pkgs) == 0 && f.irFile == "" {
		pkgs = []string{"."}
	}
	res, code := loadPlan(ctx, e, f, pkgs, diag.FormatText)
	if code != ExitOK {
		return code
	}
	if res.Diagnostics.HasErrors() {
		return report(e, diag.FormatText, displayPaths(res.Diagnostics))
	}
	live := isTerminal(e.stdout)
	reports, err := run.Run(ctx, res.Model, run.Options{
		OnBatch:    func(b run.Batch) { printBatch(e.stdout, b, live) },
		OnNotice:   func(n run.Notice) { printNotice(e, n, live) },
		ProgramLog: programLog(),
		Profile:    res.Profile,
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
		return report(e, diag.FormatText, incompatible.Diagnostics)
	case errors.As(err, &environment), errors.As(err, &locked):
		return e.fail(ExitEnvironment, "%v", err)
	case err != nil:
		return e.fail(ExitFailure, "%v", err)
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
