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
	"github.com/etlgen/etlgen/project"
)

// planCommand is `etlgen plan PKG --profile FILE [--format text|json]
// [--manifest FILE]`: it prints the plan (streaming regions, sources,
// queries, output modes, checkpoints, sinks, guarantees) and optionally
// writes the state manifest that a later `etlgen validate --against`
// compares with. Diagnostics go to stderr (text) or into the JSON document.
func planCommand() command {
	return command{
		summary: "print the streaming plan of pipelines bound to a profile",
		usage: []string{"etlgen plan [PKG] --profile FILE [--ir FILE] [--format text|json] [--manifest FILE]",
			"etlgen plan [PKG...] [--target NAME] [--write-state]   (in a project: " + project.ConfigFile + ")"},
		help: "Prints the streaming plan of the package's pipelines bound to the profile on stdout;\n" +
			"diagnostics go to stderr (text) or into the JSON document. In a project (no --profile, an\n" +
			project.ConfigFile + " found), prints the plan of each pipeline package × target, and with --write-state writes\n" +
			"each pipeline's state manifest to <state>/<target>/<pipeline>.json, which validate and check grade\n" +
			"the next plan against (commit them when the pipelines are deployed).\n" +
			"Exit: 0 ok, 10 invalid model, 12 planning failure, 16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var manifest string
			var writeState bool
			f.register(fs)
			formatFlag(fs, &f.format, formatText, formatJSON)
			f.cwdPaths = true
			fs.StringVar(&manifest, "manifest", "", "write the state manifest to `FILE`")
			fs.BoolVar(&writeState, "write-state", false, "in a project: write each pipeline's state manifest into the project's state directory")
			return func(ctx context.Context, e env, pkgs []string) int {
				if path, ok := f.projectMode(); ok && manifest == "" {
					return planProject(ctx, e, f, path, pkgs, writeState)
				}
				if writeState {
					return e.usageError("--write-state writes into the state directory of %s, and there is none here; use --manifest FILE", project.ConfigFile)
				}
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
	if code := f.singleMode(e); code != ExitOK {
		return code
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
	return writeManifestOf(path, planner.NewManifest(m))
}

// writeManifestOf writes a state manifest file.
func writeManifestOf(path string, m *planner.Manifest) error {
	data, err := m.Marshal()
	if err != nil {
		return err
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		return fmt.Errorf("write state manifest: %w", err)
	}
	return nil
}
