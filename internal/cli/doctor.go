package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/pyspark/doctor"
)

// runDoctor checks the environment a profile names (Spark Connect, Spark
// version, Delta, Kafka, checkpoint root) and prints a checklist.
func runDoctor(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("doctor", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	profile := fs.String("profile", "", "profile `FILE` naming the environment (required)")
	format := fs.String("format", "text", "output format: text or json")
	timeout := fs.Duration("timeout", doctor.DefaultTimeout, "time limit of each check")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen doctor --profile FILE [--format text|json] [--timeout 2m]\n\n"+
			"Checks the Spark Connect server, its Spark version, Delta, Kafka and the checkpoint\n"+
			"location the profile names. Exit 0 when all checks pass, 16 when the environment is not usable.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if *profile == "" || fs.NArg() > 0 || (*format != "text" && *format != "json") {
		fs.Usage()
		return ExitUsage
	}
	cfg, diags, err := doctor.LoadConfig(relToDir(".", *profile))
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen doctor: %v\n", err)
		return ExitInvalidModel
	}
	// The profile's own problems (P3xx), as validate and plan print them.
	_ = diag.WriteText(e.stderr, displayPaths(diags))
	if diags.HasErrors() {
		return ExitInvalidModel
	}
	cfg.Timeout = *timeout
	rep := doctor.Run(ctx, cfg)
	return renderDoctor(e, rep, *format)
}

func renderDoctor(e env, rep doctor.Report, format string) int {
	write := rep.WriteText
	if format == "json" {
		write = rep.WriteJSON
	}
	if err := write(e.stdout); err != nil {
		fmt.Fprintf(e.stderr, "etlgen doctor: write report: %v\n", err)
		return ExitFailure
	}
	if !rep.OK() {
		return ExitEnvironment
	}
	return ExitOK
}
