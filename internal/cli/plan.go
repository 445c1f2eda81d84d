package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/planner"
)

// planCommand is `etlgen plan PKG --profile FILE [--format text|json]
// [--manifest FILE]`: it prints the plan (streaming regions, sources,
// queries, output modes, checkpoints, sinks, guarantees) and optionally
// writes the state manifest that a later `etlgen validate --against`
// compares with. Diagnostics go to stderr (text) or into the JSON document.
func planCommand() command {
	return command{
		summary: "print the streaming plan of pipelines bound to a profile",
		usage:   []string{"etlgen plan [PKG] --profile FILE [--ir FILE] [--format text|json] [--manifest FILE]"},
		help: "Prints the streaming plan of the package's pipelines bound to the profile on stdout;\n" +
			"diagnostics go to stderr (text) or into the JSON document.\n" +
			"Exit: 0 ok, 10 invalid model, 12 planning failure, 16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var manifest string
			f.register(fs)
			formatFlag(fs, &f.format, formatText, formatJSON)
			f.cwdPaths = true
			fs.StringVar(&manifest, "manifest", "", "write the state manifest to `FILE`")
			return func(ctx context.Context, e env, pkgs []string) int {
				return runPlan(ctx, e, f, manifest, pkgs)
			}
		},
	}
}

// runPlan plans and prints the plan.
func runPlan(ctx context.Context, e env, f planFlags, manifest string, pkgs []string) int {
	format, err := parseFormat(f.format, formatText, formatJSON)
	if err != nil {
		return e.usageError("%v", err)
	}
	if f.profile == "" {
		return e.usageError("--profile FILE is required")
	}
	res, code := loadPlan(ctx, e, f, pkgs, diag.FormatText)
	if code != ExitOK {
		return code
	}
	m, diags := res.Model, displayPaths(res.Diagnostics)
	if code := exitFor(diags); code != ExitOK || m == nil {
		if format == formatJSON {
			return writePlanJSON(e, nil, diags, code)
		}
		_ = diag.WriteText(e.stderr, diags)
		return code
	}
	if manifest != "" {
		if err := writeManifest(joinDir(f.dir, manifest), m); err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
	}
	if format == formatJSON {
		return writePlanJSON(e, m, diags, ExitOK)
	}
	_ = diag.WriteText(e.stderr, diags)
	fmt.Fprint(e.stdout, m.Text())
	return ExitOK
}

// planDocument is the JSON output of etlgen plan.
type planDocument struct {
	Plan        *planner.Model `json:"plan"`
	Diagnostics diag.List      `json:"diagnostics"`
}

func writePlanJSON(e env, m *planner.Model, l diag.List, code int) int {
	if l == nil {
		l = diag.List{}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(planDocument{Plan: m, Diagnostics: l}); err != nil {
		return e.fail(ExitFailure, "marshal plan: %v", err)
	}
	_, _ = e.stdout.Write(b.Bytes())
	return code
}

func writeManifest(path string, m *planner.Model) error {
	data, err := planner.NewManifest(m).Marshal()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("write state manifest: %w", err)
	}
	return nil
}
