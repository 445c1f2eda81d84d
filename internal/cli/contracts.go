package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// contractsFlags are the flags of `etlgen contracts`.
type contractsFlags struct {
	dir, out, check, format, view, profile string
}

// contractsCommand is `etlgen contracts -o DIR [--check] PKG...`: it
// writes DIR/data/<id>.odcs.yaml and DIR/jsonschema/<id>.schema.json and, for
// packages with pipelines, DIR/transformations/<id>.dtcs.yaml and
// DIR/pipelines/<id>.dpcs.yaml (bound to --profile when given), or with
// --check compares the published ODCS files with the Go structs and reports
// drift (exit 14 on a breaking change).
func contractsCommand() command {
	return command{
		summary: "write ODCS, JSON Schema, DTCS and DPCS contract files, or --check them for drift",
		usage: []string{"etlgen contracts [-C dir] -o DIR [--profile FILE] [PKG...]",
			"etlgen contracts [-C dir] [PKG...]   (in a project: writes into its contracts.dir)",
			"etlgen contracts [-C dir] --check DIR [--format text|json|sarif] [--view consumer|producer|full] [PKG...]"},
		help: "Writes the contract files of the packages' contracts, or checks them for drift: the drift\n" +
			"diagnostics go to stderr and a one-line summary to stdout (text), or one document to stdout\n" +
			"(json, sarif).\n" +
			"In a project (" + project.ConfigFile + ", no -o, --check or --profile), writes each pipeline package's files into\n" +
			"contracts.dir, bound to the contracts target, as that package's own (the other packages' files stay).\n" +
			"Exit: 0 ok, 10 invalid contracts or published files, 14 breaking drift (--check).",
		generators: gen.GroupContracts,
		flags: func(fs *flag.FlagSet) runFunc {
			var f contractsFlags
			fs.StringVar(&f.dir, "C", ".", "run as if etlgen was started in `dir`")
			fs.StringVar(&f.out, "o", "", "write the contract files under `DIR` (one of -o and --check is required)")
			fs.StringVar(&f.check, "check", "", "write nothing; report drift between `DIR`/data/*.odcs.yaml and the Go structs")
			formatFlag(fs, &f.format, formatText, formatJSON, formatSARIF)
			fs.StringVar(&f.view, "view", string(gen.ViewConsumer), "whose expectations decide what is breaking: consumer, producer or full")
			fs.StringVar(&f.profile, "profile", "", "bind the pipeline contracts (pipelines/*.dpcs.yaml) to this profile `FILE`; without it they are written unbound")
			return func(ctx context.Context, e env, pkgs []string) int {
				return runContracts(ctx, e, f, pkgs)
			}
		},
	}
}

// runContracts writes the contract files, or checks them.
func runContracts(ctx context.Context, e env, f contractsFlags, pkgs []string) int {
	view, ok := gen.ParseView(f.view)
	format, err := parseFormat(f.format, formatText, formatJSON, formatSARIF)
	if path, ok := project.FindConfig(f.dir); ok && f.out == "" && f.check == "" && f.profile == "" {
		return contractsProject(ctx, e, f, path, pkgs)
	}
	switch {
	case (f.out == "") == (f.check == ""):
		return e.usageError("give one of -o DIR and --check DIR")
	case err != nil:
		return e.usageError("%v", err)
	case !ok:
		return e.usageError("--view %q: want consumer, producer or full", f.view)
	}
	f.format = format
	if f.check != "" {
		return checkDrift(ctx, e, f, underDir(f.dir, f.check), view, pkgs)
	}
	out := underDir(f.dir, f.out)
	m, code := loadGenModel(ctx, e, f.dir, pkgs)
	if code != ExitOK {
		return code
	}
	if code := addPipelines(ctx, e, f.dir, f.profile, m); code != ExitOK {
		return code
	}
	_, code = emit(ctx, e, gen.Default().Group(gen.GroupContracts), m, out, false, "", gen.OwnerOf(gen.GroupContracts, m))
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
		return e.fail(ExitFailure, "%v", err)
	}
	if len(diags) > 0 {
		printDiagList(e.stderr, diags)
		return ExitInvalidModel
	}
	report := gen.Drift(published, res.Contracts, view)
	if err := renderDrift(e, f, report); err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	if report.Breaking() {
		return ExitIncompatible
	}
	return ExitOK
}

// renderDrift prints the report: JSON or SARIF on stdout, or diagnostics
// on stderr with a one-line summary on stdout.
func renderDrift(e env, f contractsFlags, r *gen.DriftReport) error {
	for i := range r.Changes {
		r.Changes[i].Pos.File = relToDir(".", r.Changes[i].Pos.File)
	}
	if f.format == formatSARIF {
		return diag.WriteSARIF(e.stdout, displayPaths(r.Diagnostics()))
	}
	if f.format == formatJSON {
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
	_, err := fmt.Fprintf(e.stdout, "contract drift (%s view): %s, %d breaking\n", r.View, diag.Count(len(r.Changes), "change", "changes"), breaking)
	return err
}
