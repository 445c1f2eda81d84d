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

// runPlan implements `etlgen plan PKG --profile FILE [--format human|json]
// [--manifest FILE]`: it prints the plan (streaming regions, sources, queries,
// output modes, checkpoints, sinks, guarantees) and optionally writes the
// state manifest that a later `etlgen validate --against` compares with.
// Diagnostics go to stderr (human) or into the JSON document.
func runPlan(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("plan", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	var manifest string
	f.register(fs, "human or json")
	f.cwdPaths = true
	fs.StringVar(&manifest, "manifest", "", "write the state manifest to `FILE`")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen plan [PKG] --profile FILE [--ir FILE] [--format human|json] [--manifest FILE]\n\nPrints the streaming plan of the package's pipelines bound to the profile.\n\nFlags:")
		fs.PrintDefaults()
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	if f.profile == "" || (f.format != "human" && f.format != "json") {
		fmt.Fprintln(e.stderr, "etlgen plan: --profile FILE is required; --format is human or json")
		return ExitUsage
	}
	res, code := loadPlan(ctx, e, "plan", f, pkgs)
	if code != ExitOK {
		return code
	}
	m, diags := res.Model, displayPaths(res.Diagnostics)
	if code := exitFor(diags); code != ExitOK || m == nil {
		if f.format == "json" {
			return writePlanJSON(e, nil, diags, code)
		}
		_ = diag.WriteText(e.stderr, diags)
		return code
	}
	if manifest != "" {
		if err := writeManifest(joinDir(f.dir, manifest), m); err != nil {
			fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
			return ExitFailure
		}
	}
	if f.format == "json" {
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
		fmt.Fprintf(e.stderr, "etlgen: marshal plan: %v\n", err)
		return ExitFailure
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
