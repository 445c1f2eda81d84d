package cli

import (
	"context"
	"flag"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// etlImport is the import path of the pipeline DSL: a package importing it
// may declare transformations and pipelines.
const etlImport = "github.com/etlgen/etlgen/framework/etl"

// docsCommand is `etlgen docs [PKG] --profile FILE -o DIR`: it plans the
// package's pipelines bound to the profile and writes, per pipeline, a
// Mermaid flowchart, a Graphviz DOT graph and a self-contained HTML page,
// and the docs site over them: index.html and a page per contract.
// The docs are written even when the planner reports errors (they list
// them); the exit code then says so.
func docsCommand() command {
	return command{
		summary: "write Mermaid, DOT and a self-contained HTML docs site of pipelines bound to a profile",
		usage: []string{"etlgen docs [PKG] --profile FILE -o DIR [--ir FILE] [-C dir]",
			"etlgen docs [-o DIR] [-C dir]   (in a project: the site of all its pipeline packages in docs.dir)"},
		help: "Writes <pipeline>.mmd, <pipeline>.dot and a self-contained <pipeline>.html per pipeline,\n" +
			"and the docs site: index.html (pipelines, contracts and sinks with search, and the lineage\n" +
			"across pipelines) and contracts/<contract>.html (SLA, support, producers, consumers, column lineage).\n" +
			"The docs are written even when the planner reports errors (they list them).\n" +
			"In a project (" + project.ConfigFile + ", no --profile), one site for every pipeline package planned on its docs\n" +
			"target: each package's pipeline pages under its directory name, the index, the contract pages and\n" +
			"the lineage across pipelines at the root, in docs.dir (or -o DIR).\n" +
			"Exit: 0 ok, 10 invalid model, 12 planning failure, 16 environment failure.",
		generators: gen.GroupDocs,
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			var out string
			fs.StringVar(&f.profile, "profile", "", "profile YAML `FILE` the pipelines are bound to (required)")
			fs.StringVar(&out, "o", "", "write the docs under `DIR` (required)")
			fs.StringVar(&f.irFile, "ir", "", "read the pipeline IR from this JSON `FILE` (etlgen ir output) instead of building PKG")
			fs.StringVar(&f.dir, "C", ".", "run as if etlgen was started in `dir`")
			return func(ctx context.Context, e env, pkgs []string) int {
				return runDocs(ctx, e, f, out, pkgs)
			}
		},
	}
}

// runDocs plans and writes the docs.
func runDocs(ctx context.Context, e env, f planFlags, out string, pkgs []string) int {
	if path, ok := f.projectMode(); ok {
		if len(pkgs) > 0 {
			return e.usageError("the docs site of %s covers all its pipeline packages: give no package (or --profile FILE for one package's docs)", project.ConfigFile)
		}
		return docsProject(ctx, e, f, path, out)
	}
	if f.profile == "" || out == "" {
		return e.usageError("--profile FILE and -o DIR are required")
	}
	if len(pkgs) == 0 && f.irFile == "" {
		pkgs = []string{"."}
	}
	res, code := loadPlan(ctx, e, f, pkgs, diag.FormatText)
	if code != ExitOK {
		return code
	}
	m := &gen.Model{Plan: res.Model, Diagnostics: res.Diagnostics}
	if _, code := emit(ctx, e, gen.Default().Group(gen.GroupDocs), m, underDir(f.dir, out), false, "", gen.OwnerOf(gen.GroupDocs, m)); code != ExitOK {
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
			return e.fail(ExitFailure, "%v", err)
		}
		doc, err := project.LoadIR(ctx, project.Options{Dir: dir, Package: abs})
		if err != nil {
			return loadFailure(e, err, diag.FormatText)
		}
		docs = append(docs, doc)
	}
	if len(docs) == 0 {
		if profilePath != "" {
			e.errorf("--profile given but no package declares pipelines")
		}
		return ExitOK
	}
	o := project.Options{}
	if profilePath != "" {
		o.Profile = joinDir(dir, profilePath)
	}
	res, err := project.Plan(project.MergeIR(docs), o)
	if err != nil {
		return loadFailure(e, err, diag.FormatText)
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
