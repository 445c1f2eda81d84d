package cli

import (
	"context"
	"flag"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/project"
	"github.com/etlgen/etlgen/sparkrun/doctor"
)

// doctorCommand checks the environment a profile names (Spark Connect,
// Spark version, Delta, Kafka, checkpoint root) and prints a checklist.
func doctorCommand() command {
	return command{
		summary: "check that the environment a profile names can run pipelines",
		usage: []string{"etlgen doctor --profile FILE [--format text|json] [--timeout 2m]",
			"etlgen doctor [--target NAME] [--timeout 2m]   (in a project: each target's profiles)"},
		help: "Checks the Spark Connect server, its Spark version and deployment (spark.master),\n" +
			"Delta, Kafka, the Kafka partitions the profile names, the checkpoint location and,\n" +
			"from the executors themselves, that each writes to the checkpoint storage and reads\n" +
			"the Kafka assets' topics (the executors counted through the driver's status API),\n" +
			"and prints the checklist on stdout.\n" +
			"In a project (" + project.ConfigFile + ", no --profile), checks the profile of every target (or of the\n" +
			"--target ones), each once; a local-engine profile needs nothing and is skipped.\n" +
			"Exit: 0 when all checks pass, 10 an invalid profile, 16 when the environment is not usable.",
		flags: func(fs *flag.FlagSet) runFunc {
			profile := fs.String("profile", "", "profile `FILE` naming the environment (required)")
			var format string
			formatFlag(fs, &format, formatText, formatJSON)
			timeout := fs.Duration("timeout", doctor.DefaultTimeout, "time limit of each check")
			var targets stringList
			dir := fs.String("C", ".", "run as if etlgen was started in `dir`")
			fs.Var(&targets, "target", "with the project file (etlgen.yaml): only this `target` (repeatable; default: every target)")
			return func(ctx context.Context, e env, args []string) int {
				if path, ok := project.FindConfig(*dir); ok && *profile == "" && len(args) == 0 {
					f, err := parseFormat(format, formatText, formatJSON)
					if err != nil {
						return e.usageError("%v", err)
					}
					return doctorProject(ctx, e, path, targets, f, *timeout)
				}
				if len(targets) > 0 {
					return e.usageError("--target selects targets of the project file (%s), and there is none here", project.ConfigFile)
				}
				return runDoctor(ctx, e, joinDir(*dir, *profile), format, *timeout, args)
			}
		},
	}
}

// runDoctor loads the profile, runs the checks and renders the report.
func runDoctor(ctx context.Context, e env, profile, format string, timeout time.Duration, args []string) int {
	format, err := parseFormat(format, formatText, formatJSON)
	switch {
	case err != nil:
		return e.usageError("%v", err)
	case profile == "":
		return e.usageError("--profile FILE is required")
	case len(args) > 0:
		return e.usageError("unexpected argument %q", args[0])
	}
	cfg, diags, err := doctor.LoadConfig(relToDir(".", profile))
	if err != nil {
		return e.fail(ExitInvalidModel, "%v", err)
	}
	// The profile's own problems (P3xx), as validate and plan print them.
	_ = diag.WriteText(e.stderr, displayPaths(diags))
	if diags.HasErrors() {
		return ExitInvalidModel
	}
	cfg.Timeout = timeout
	rep := doctor.Run(ctx, cfg)
	return renderDoctor(e, rep, format)
}

func renderDoctor(e env, rep doctor.Report, format string) int {
	write := rep.WriteText
	if format == formatJSON {
		write = rep.WriteJSON
	}
	if err := write(e.stdout); err != nil {
		return e.fail(ExitFailure, "write report: %v", err)
	}
	if !rep.OK() {
		return ExitEnvironment
	}
	return ExitOK
}
