package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// planFlags are the flags validate and plan share.
type planFlags struct {
	profile, irFile, format, dir string
	pipelines, modes             stringList
	// cwdPaths keeps the absolute source positions of a package's IR, for
	// commands that print diagnostics relative to the working directory
	// (validate, plan); the others make them module-relative.
	cwdPaths bool
}

func (f *planFlags) register(fs *flag.FlagSet, formats string) {
	fs.StringVar(&f.profile, "profile", "", "profile YAML `FILE` (required)")
	fs.StringVar(&f.irFile, "ir", "", "read the pipeline IR from this JSON `FILE` (etlgen ir output) instead of building PKG")
	fs.StringVar(&f.format, "format", "human", "output `format`: "+formats)
	fs.StringVar(&f.dir, "C", ".", "run as if etlgen was started in `dir`")
	fs.Var(&f.pipelines, "pipeline", "plan only this pipeline `id` (repeatable; default: all)")
	fs.Var(&f.modes, "output-mode", "force a query's output mode, `query=mode` (repeatable; wins over the profile's output_mode; default: inferred)")
}

// outputModes turns the --output-mode flags into planner options.
func (f *planFlags) outputModes() map[string]string {
	out := map[string]string{}
	for _, kv := range f.modes {
		q, m, _ := strings.Cut(kv, "=")
		out[q] = m
	}
	return out
}

// stringList is a repeatable string flag.
type stringList []string

// String joins the values (flag.Value).
func (s *stringList) String() string { return strings.Join(*s, ",") }

// Set appends a value (flag.Value).
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// runValidate implements `etlgen validate PKG --profile FILE [--against
// OLD.json] [--format human|json|sarif]`: it plans the package's pipelines
// offline and reports every problem; with --against it also grades the state
// against the manifest of the running checkpoints.
func runValidate(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("validate", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	var against string
	f.register(fs, "human, json or sarif")
	f.cwdPaths = true
	fs.StringVar(&against, "against", "", "state manifest `OLD.json` (etlgen plan --manifest) of the existing checkpoints")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen validate [PKG] --profile FILE [--ir FILE] [--against OLD.json] [--format human|json|sarif]\n\nChecks pipelines offline: definition, Spark streaming rules, profile capabilities,\ncheckpoint identity and, with --against, state compatibility.\nExit: 0 ok, 10 invalid model, 12 planning failure, 14 incompatible state, 16 environment failure.\n\nFlags:")
		fs.PrintDefaults()
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	format, err := diag.ParseFormat(f.format)
	if err != nil || f.profile == "" {
		fmt.Fprintln(e.stderr, "etlgen validate: --profile FILE is required; --format is human, json or sarif")
		return ExitUsage
	}
	m, diags, code := planPackage(ctx, e, f, pkgs)
	if code != ExitOK {
		return code
	}
	if against != "" {
		diags = append(diags, compareAgainst(joinDir(f.dir, against), m)...)
	}
	return report(e.stdout, e.stderr, format, displayPaths(diags))
}

// planPackage loads the IR and the profile and runs the planner. A code
// other than ExitOK means the tool could not plan at all (and said why).
func planPackage(ctx context.Context, e env, f planFlags, pkgs []string) (*planner.Model, diag.List, int) {
	doc, code := loadIR(ctx, e, f, pkgs)
	if code != ExitOK {
		return nil, nil, code
	}
	profPath := joinDir(f.dir, f.profile)
	if f.cwdPaths {
		// Name the file as diagnostics and hints will print it.
		profPath = relToDir(".", profPath)
	}
	prof, pdiags, err := profile.Load(profPath)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
		return nil, nil, ExitEnvironment
	}
	if pdiags.HasErrors() {
		return nil, pdiags, ExitOK
	}
	m, diags := planner.Plan(doc, prof, planner.Options{Pipelines: f.pipelines, OutputModes: f.outputModes()})
	return m, append(pdiags, diags...), ExitOK
}

// loadIR reads the IR from --ir, or builds it from the Go package.
func loadIR(ctx context.Context, e env, f planFlags, pkgs []string) (*ir.Document, int) {
	if f.irFile != "" {
		data, err := os.ReadFile(joinDir(f.dir, f.irFile))
		if err != nil {
			fmt.Fprintf(e.stderr, "etlgen: read ir: %v\n", err)
			return nil, ExitEnvironment
		}
		doc, err := ir.Unmarshal(data)
		if err != nil {
			fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
			return nil, ExitInvalidModel
		}
		return doc, ExitOK
	}
	if len(pkgs) != 1 {
		fmt.Fprintln(e.stderr, "etlgen: name one package (PKG) or pass --ir FILE")
		return nil, ExitUsage
	}
	build := buildIR
	if f.cwdPaths {
		build = irload.Load
	}
	doc, err := build(ctx, f.dir, pkgs[0])
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen: %v\n", err)
		return nil, ExitEnvironment
	}
	return doc, ExitOK
}

// compareAgainst grades the plan's state against an old manifest file.
func compareAgainst(path string, m *planner.Model) diag.List {
	data, err := os.ReadFile(path)
	if err != nil {
		data = nil // CompareManifest reports an unreadable manifest as ETL-X611
	}
	_, l := planner.CompareManifest(data, m)
	for i := range l {
		l[i].Pos = diag.Position{File: path}
	}
	return l
}

// report renders the diagnostics and maps them to the exit code.
func report(stdout, stderr io.Writer, format diag.Format, l diag.List) int {
	if format == diag.FormatHuman && len(l) == 0 {
		fmt.Fprintln(stdout, "ok: no problems found")
		return ExitOK
	}
	if err := diag.Render(stdout, format, l); err != nil {
		fmt.Fprintf(stderr, "etlgen: %v\n", err)
		return ExitFailure
	}
	return exitFor(l)
}

// exitFor maps diagnostics to the exit code: environment (E7xx) 16, invalid
// model (C1xx, D2xx, P3xx) 10, planning (S4xx, K5xx) 12, incompatible state
// (X6xx) 14; warnings and notes never fail.
func exitFor(l diag.List) int {
	worst := ExitOK
	rank := map[int]int{ExitOK: 0, ExitIncompatible: 1, ExitPlanning: 2, ExitInvalidModel: 3, ExitEnvironment: 4}
	for _, d := range l {
		if d.Severity != diag.Error && d.Severity != "" {
			continue
		}
		if c := exitOfCode(d.Code); rank[c] > rank[worst] {
			worst = c
		}
	}
	return worst
}

func exitOfCode(code string) int {
	c := strings.TrimPrefix(code, "ETL-")
	if c == "" {
		return ExitInvalidModel
	}
	switch c[:1] {
	case "E":
		return ExitEnvironment
	case "S", "K":
		return ExitPlanning
	case "X":
		return ExitIncompatible
	}
	return ExitInvalidModel
}

// parseInterleaved parses flags that may come before or after positional
// arguments (etlgen validate PKG --profile FILE) and returns the positionals.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// displayPaths returns a sorted copy of l whose absolute file names are
// relative to the working directory when they are inside it, as gcc and
// go vet print them; file names outside it stay absolute, and relative ones
// (already relative to the working directory, or as written in an --ir file)
// are kept.
func displayPaths(l diag.List) diag.List {
	out := make(diag.List, len(l))
	copy(out, l)
	for i := range out {
		out[i].Pos.File = relToDir(".", out[i].Pos.File)
	}
	out.Sort()
	return out
}

func joinDir(dir, p string) string {
	if dir == "" || dir == "." || p == "" || strings.HasPrefix(p, "/") {
		return p
	}
	return dir + "/" + p
}
