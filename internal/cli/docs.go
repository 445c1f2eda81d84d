package cli

import (
	"context"
	"flag"
	"fmt"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// etlImport is the import path of the pipeline DSL: a package importing it
// may declare transformations and pipelines.
const etlImport = "github.com/etlgen/etlgen/framework/etl"

// runDocs implements `etlgen docs [PKG] --profile FILE -o DIR`: it plans the
// package's pipelines bound to the profile and writes, per pipeline, a
// Mermaid flowchart, a Graphviz DOT graph and a self-contained HTML page.
// The docs are written even when the planner reports errors (they list
// them); the exit code then says so.
func runDocs(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("docs", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	var f planFlags
	var out string
	fs.StringVar(&f.profile, "profile", "", "profile YAML `FILE` the pipelines are bound to (required)")
	fs.StringVar(&out, "o", "", "write the docs under `DIR` (required)")
	fs.StringVar(&f.irFile, "ir", "", "read the pipeline IR from this JSON `FILE` (etlgen ir output) instead of building PKG")
	fs.StringVar(&f.dir, "C", ".", "run as if etlgen was started in `dir`")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen docs [PKG] --profile FILE -o DIR [--ir FILE] [-C dir]\n\nWrites <pipeline>.mmd, <pipeline>.dot and a self-contained <pipeline>.html per pipeline.\n\nFlags:")
		fs.PrintDefaults()
		printGenerators(e.stderr, gen.GroupDocs)
	}
	pkgs, err := parseInterleaved(fs, args)
	if err != nil {
		return usageExit(err)
	}
	if f.profile == "" || out == "" {
		fmt.Fprintln(e.stderr, "etlgen docs: --profile FILE and -o DIR are required")
		return ExitUsage
	}
	if len(pkgs) == 0 && f.irFile == "" {
		pkgs = []string{"."}
	}
	res, code := loadPlan(ctx, e, "docs", f, pkgs)
	if code != ExitOK {
		return code
	}
	m := &gen.Model{Plan: res.Model, Diagnostics: res.Diagnostics}
	if _, code := emit(ctx, e, gen.Default().Group(gen.GroupDocs), m, underDir(f.dir, out), false, ""); code != ExitOK {
		return code
	}
	printDiagList(e.stderr, m.Diagnostics)
	return exitFor(m.Diagnostics)
}

// addPipelines builds the IR of every package of m that imports the
// pipeline DSL, merges them and plans them into m, bound to the profile
// when one is given; the plan's errors are printed and fail the command
// (its warnings and notes are `etlgen validate`'s to show). Packages
// without pipelines are left alone.
func addPipelines(ctx context.Context, e env, dir, profilePath string, m *gen.Model) int {
	var docs []*ir.Document
	for _, p := range m.Packages {
		pdir := filepath.Join(dir, filepath.FromSlash(p.Dir))
		if !importsETL(pdir) {
			continue
		}
		abs, err := filepath.Abs(pdir)
		if err != nil {
			fmt.Fprintf(e.stderr, "etlgen contracts: %v\n", err)
			return ExitFailure
		}
		doc, err := project.LoadIR(ctx, project.Options{Dir: dir, Package: abs})
		if err != nil {
			fmt.Fprintf(e.stderr, "etlgen contracts: %v\n", err)
			return exitForError(err)
		}
		docs = append(docs, doc)
	}
	if len(docs) == 0 {
		if profilePath != "" {
			fmt.Fprintln(e.stderr, "etlgen contracts: --profile given but no package declares pipelines")
		}
		return ExitOK
	}
	o := project.Options{}
	if profilePath != "" {
		o.Profile = joinDir(dir, profilePath)
	}
	res, err := project.Plan(project.MergeIR(docs), o)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen contracts: %v\n", err)
		return exitForError(err)
	}
	if res.Diagnostics.HasErrors() {
		printDiagList(e.stderr, res.Diagnostics)
		return exitFor(res.Diagnostics)
	}
	m.Plan, m.Diagnostics = res.Model, res.Diagnostics
	return ExitOK
}

// importsETL reports whether a non-test Go file in dir imports the DSL.
func importsETL(dir string) bool {
	files, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	fset := token.NewFileSet()
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.ImportsOnly)
		if err != nil {
			continue
		}
		for _, imp := range af.Imports {
			if p, err := strconv.Unquote(imp.Path.Value); err == nil && p == etlImport {
				return true
			}
		}
	}
	return false
}
