package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/run"
)

// runCommand is `etlgen run PKG --profile FILE`: it plans the package's
// pipelines with the profile and runs them on the engine the profile names
// (package run: the local engine in-process, or the generated program on
// Spark Connect), printing its lifecycle events (run_events.go) and where
// the report is.
func runCommand() command {
	return command{
		summary: "run pipelines on the profile's engine (local: in-process, no JVM)",
		usage:   []string{"etlgen run [PKG] --profile FILE [--pipeline ID] [--progress auto|live|plain] [--fresh [--yes]]"},
		help: "Runs the pipelines on the profile's engine (local: in-process, no JVM; pyspark: the generated\n" +
			"program on Spark Connect) and prints their lifecycle events: a line per query start (fresh, or\n" +
			"from its checkpoint with the last committed batch, watermark and resume offsets), watermark\n" +
			"advance, idle spell (processing-time) and query end. On a terminal one status line is updated in\n" +
			"place (batches, rows in, rows/s, watermark, state rows, invalid, late, the batch running);\n" +
			"otherwise, or with --progress plain, a line per micro-batch. A failure, with its class and retry\n" +
			"guidance, goes to stderr. Then each sink: the rows this run wrote, where they are and its first\n" +
			"rows (a Delta or Iceberg table through Spark Connect); etlgen show prints more. --fresh starts\n" +
			"over first: it deletes the pipelines' checkpoints and the files their file sinks wrote (local\n" +
			"engine), after asking on stdin unless --yes; on Spark it is refused, naming the checkpoints\n" +
			"and the Delta or Iceberg tables to delete. With execution.openlineage in the profile, each query's\n" +
			"OpenLineage run events (START, RUNNING per batch, COMPLETE or FAIL) go to its file or endpoint\n" +
			"(docs/run.md) and a line after the run counts them; a failing endpoint is a warning.\n" +
			"Event lines and the outcome go to stdout; warnings, errors and the --fresh question to stderr.\n" +
			"Exit: 0 ok, 1 the run failed (or --fresh was declined), 10 invalid model, 12 planning failure,\n" +
			"14 incompatible state, 16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var o runFlags
			f.register(fs)
			fs.StringVar(&o.progress, "progress", progressAuto, "progress `style`: auto (live on a terminal), live or plain")
			fs.BoolVar(&o.fresh, "fresh", false, "start over: delete the checkpoints and the files the sinks wrote first (local engine)")
			fs.BoolVar(&o.yes, "yes", false, "with --fresh: delete without asking")
			return func(ctx context.Context, e env, pkgs []string) int {
				return runRun(ctx, e, f, o, pkgs)
			}
		},
	}
}

// runFlags are run's own flags.
type runFlags struct {
	progress   string
	fresh, yes bool
}

// Progress styles.
const (
	progressAuto  = "auto"
	progressLive  = "live"
	progressPlain = "plain"
)

// runRun plans and runs.
func runRun(ctx context.Context, e env, f planFlags, o runFlags, pkgs []string) int {
	pkgs, code := f.resolveOne(e, pkgs)
	if code != ExitOK {
		return code
	}
	switch {
	case f.profile == "":
		return e.usageError("--profile FILE is required")
	case o.progress != progressAuto && o.progress != progressLive && o.progress != progressPlain:
		return e.usageError("--progress %q: want auto, live or plain", o.progress)
	case o.yes && !o.fresh:
		return e.usageError("--yes goes with --fresh")
	}
	res, code := loadActionablePlan(ctx, e, f, pkgs)
	if code != ExitOK {
		return code
	}
	live := o.progress == progressLive || o.progress == progressAuto && isTerminal(e.stdout)
	status := &liveStatus{w: e.stdout}
	events := &eventPrinter{e: e, live: live, status: status}
	pre := newSinkPrefetch(ctx, res.Model)
	reports, err := run.Run(ctx, res.Model, run.Options{
		OnEvent:    func(ev run.Event) { events.event(ev); pre.event(ev) },
		OnNotice:   func(n run.Notice) { printNotice(e, n, live) },
		ProgramLog: programLog(),
		Profile:    res.Profile,
		Fresh:      o.fresh,
		Confirm:    func(paths []string) bool { return o.yes || confirmDelete(e, paths) },
	})
	status.end()
	if errors.Is(err, run.ErrStartOverDeclined) {
		return e.fail(ExitFailure, "--fresh: nothing deleted and nothing run (answer y, or pass --yes)")
	}
	for _, r := range reports {
		printReport(e, r)
	}
	if err == nil {
		printSinks(ctx, e, res.Model, reports, showCommandLine(f, pkgs), pre)
	}
	return runExit(e, reports, err)
}

// runExit maps the run's outcome to the exit code: a state incompatible
// with the checkpoint 14 (with its diagnostics), the environment or a
// checkpoint another run holds (ETL-K520) 16, --fresh on an engine whose
// state etlgen does not delete 2, a failed run 1 (an inconsistent
// checkpoint, ETL-K521/K522/K523, among them).
func runExit(e env, reports []*run.Report, err error) int {
	var incompatible *run.IncompatibleStateError
	var environment *run.EnvironmentError
	var locked *run.LockedError
	var fresh *run.FreshUnsupportedError
	switch {
	case errors.As(err, &incompatible):
		return report(e, diag.FormatText, incompatible.Diagnostics)
	case errors.As(err, &fresh):
		return e.fail(ExitUsage, "%v", err)
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
