package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"github.com/etlgen/etlgen/gen"
)

// contractsFlags are the flags of `etlgen contracts`.
type contractsFlags struct {
	dir, out, check, format, view, profile string
}

// runContracts implements `etlgen contracts -o DIR [--check] PKG...`: it
// writes DIR/data/<id>.odcs.yaml and DIR/jsonschema/<id>.schema.json and, for
// packages with pipelines, DIR/transformations/<id>.dtcs.yaml and
// DIR/pipelines/<id>.dpcs.yaml (bound to --profile when given), or with
// --check compares the published ODCS files with the Go structs and reports
// drift (exit 14 on a breaking change).
func runContracts(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("contracts", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f contractsFlags
	fs.StringVar(&f.dir, "C", ".", "run as if etlgen was started in `dir`")
	fs.StringVar(&f.out, "o", "", "write the contract files under `DIR` (one of -o and --check is required)")
	fs.StringVar(&f.check, "check", "", "write nothing; report drift between `DIR`/data/*.odcs.yaml and the Go structs")
	fs.StringVar(&f.format, "format", "text", "drift report `format`: text or json")
	fs.StringVar(&f.view, "view", string(gen.ViewConsumer), "whose expectations decide what is breaking: consumer, producer or full")
	fs.StringVar(&f.profile, "profile", "", "bind the pipeline contracts (pipelines/*.dpcs.yaml) to this profile `FILE`; without it they are written unbound")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen contracts [-C dir] -o DIR [--profile FILE] [PKG...]\n       etlgen contracts [-C dir] --check DIR [--format text|json] [--view consumer|producer|full] [PKG...]\n\nWrites the contract files of the packages' contracts, or checks them for drift.\n\nFlags:")
		fs.PrintDefaults()
		printGenerators(e.stderr, gen.GroupContracts)
	}
	if err := fs.Parse(args); err != nil {
		return usageExit(err)
	}
	view, ok := gen.ParseView(f.view)
	if (f.out == "") == (f.check == "") || !ok || (f.format != "text" && f.format != "json") {
		fmt.Fprintln(e.stderr, "etlgen contracts: give one of -o DIR and --check DIR; --format is text or json; --view is consumer, producer or full")
		return ExitUsage
	}
	if f.check != "" {
		return checkDrift(ctx, e, f, underDir(f.dir, f.check), view, fs.Args())
	}
	out := underDir(f.dir, f.out)
	m, code := loadGenModel(ctx, e, f.dir, fs.Args())
	if code != ExitOK {
		return code
	}
	if code := addPipelines(ctx, e, f.dir, f.profile, m); code != ExitOK {
		return code
	}
	_, code = emit(ctx, e, gen.Default().Group(gen.GroupContracts), m, out, false, "")
	return code
}

// checkDrift reads the published contracts and reports drift.
func checkDrift(ctx context.Context, e env, f contractsFlags, out string, view gen.View, patterns []string) int {
	res, code := loadContracts(ctx, e, f.dir, patterns)
	if code != ExitOK {
		return code
	}
	published, diags, err := gen.ReadPublished(out)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
		return ExitFailure
	}
	if len(diags) > 0 {
		printDiagList(e.stderr, diags)
		return ExitInvalidModel
	}
	report := gen.Drift(published, res.Contracts, view)
	if err := renderDrift(e, f, report); err != nil {
		fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
		return ExitFailure
	}
	if report.Breaking() {
		return ExitIncompatible
	}
	return ExitOK
}

// renderDrift prints the report: JSON on stdout, or diagnostics on stderr
// with a one-line summary on stdout.
func renderDrift(e env, f contractsFlags, r *gen.DriftReport) error {
	for i := range r.Changes {
		r.Changes[i].Pos.File = relToDir(".", r.Changes[i].Pos.File)
	}
	if f.format == "json" {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			*gen.DriftReport
			Breaking bool `json:"breaking"`
		}{r, r.Breaking()})
	}
	printDiagList(e.stderr, r.Diagnostics())
	breaking := 0
	for _, c := range r.Changes {
		if c.Breaking {
			breaking++
		}
	}
	_, err := fmt.Fprintf(e.stdout, "contract drift (%s view): %d change(s), %d breaking\n", r.View, len(r.Changes), breaking)
	return err
}
