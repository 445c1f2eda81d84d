package cli

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// docsProject is `etlgen docs` over the project file: one docs site in
// docs.dir for every pipeline package, each planned on its docs target
// (docs.target, else its first), its pipeline pages under the package's
// directory name, the index, the contract pages and the lineage across
// pipelines at the root.
func docsProject(ctx context.Context, e env, f planFlags, path string, out string) int {
	cfg, code := loadConfig(e, path, diag.FormatText)
	if code != ExitOK {
		return code
	}
	dir := underDir(f.dir, out)
	if out == "" {
		dir = cfg.Path(cfg.Docs.Dir)
	}
	if out == "" && cfg.Docs.Dir == "" {
		return e.usageError("%s names no docs: directory; add docs: {dir: docs, target: spark}, or give -o DIR", cfg.File)
	}
	var units []project.Unit
	for _, en := range cfg.Pipelines {
		units = append(units, project.Unit{Entry: en, Target: en.TargetOr(cfg.Docs.Target)})
	}
	res := project.LoadUnits(ctx, cfg, units, project.Options{})
	var all diag.List
	var gunits []gen.Unit
	var pkgs []string
	for _, r := range res {
		l := unitDiagnostics(r)
		all = append(all, l...)
		if r.Err != nil {
			continue
		}
		doc := r.Result.Model.Document()
		pkgs = append(pkgs, doc.Package)
		gunits = append(gunits, gen.Unit{Package: doc.Package, Target: r.Target.Name,
			Dir:   strings.TrimPrefix(strings.TrimPrefix(r.Entry.Package, "."), "/"),
			Model: &gen.Model{Plan: r.Result.Model, Diagnostics: r.Result.Diagnostics}})
	}
	if len(gunits) < len(res) {
		printDiagList(e.stderr, all)
		return exitFor(all)
	}
	p, err := gen.NewProject(gunits...)
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	sink := &gen.DirSink{Root: dir, Owner: gen.NewOwner(gen.GroupDocs, pkgs, nil)}
	files, err := p.Run(ctx, gen.Default().Group(gen.GroupDocs), sink)
	if err != nil {
		return runFailure(e, err)
	}
	for _, rm := range sink.Removed {
		e.errorf("removed %s: written before by this project's docs, no longer generated", relToDir(".", filepath.Join(dir, rm)))
	}
	printDiagList(e.stderr, all)
	fmt.Fprintf(e.stdout, "%s: %s, %s\n", relToDir(".", filepath.Join(dir, "index.html")),
		plural(len(gunits), "pipeline package", "pipeline packages"), plural(len(files), "file", "files"))
	return exitFor(all)
}
