package cli

import (
	"context"
	"fmt"

	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// contractsProject is `etlgen contracts` over the project file: each
// selected package's contract files, bound to its contracts target, are
// written into contracts.dir as that package's own (the directory's
// ownership ledger keeps the other packages' files).
func contractsProject(ctx context.Context, e env, f contractsFlags, path string, pkgs []string) int {
	cfg, code := loadConfig(e, path, diag.FormatText)
	if code != ExitOK {
		return code
	}
	if cfg.Contracts.Dir == "" {
		return e.usageError("%s names no contracts: directory; add contracts: {dir: contracts, target: spark}, or give -o DIR", cfg.File)
	}
	units, err := cfg.Select(project.Selection{Packages: pkgs, Dir: f.dir})
	if err != nil {
		return e.usageError("%v", err)
	}
	res := project.LoadUnits(ctx, cfg, units, project.Options{})
	var bad diag.List
	for _, r := range contractUnitsOrFail(cfg, res) {
		bad = append(bad, unitDiagnostics(r)...)
	}
	if bad.HasErrors() {
		printDiagList(e.stderr, bad)
		return exitFor(bad)
	}
	var paths []string
	for _, r := range res {
		paths = append(paths, r.Entry.Package)
	}
	loaded, err := goload.Load(ctx, cfg.Root, paths...)
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	printDiagList(e.stderr, loaded.Diagnostics)
	if loaded.Diagnostics.HasErrors() {
		return ExitInvalidModel
	}
	models, err := contractModels(cfg, res, loaded)
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	dir := cfg.Path(cfg.Contracts.Dir)
	for _, m := range models {
		files, code := emit(ctx, e, gen.Default().Group(gen.GroupContracts), m, dir, false, "", gen.OwnerOf(gen.GroupContracts, m))
		if code != ExitOK {
			return code
		}
		fmt.Fprintf(e.stdout, "%s: %s in %s\n", gen.OwnerOf(gen.GroupContracts, m), plural(len(files), "file", "files"), relToDir(".", dir))
	}
	return ExitOK
}

// contractUnitsOrFail are the units whose plans bind the selected
// packages' contracts, those with errors included (to report them).
func contractUnitsOrFail(cfg *project.Config, res []project.UnitResult) []project.UnitResult {
	var out []project.UnitResult
	for _, e := range cfg.Pipelines {
		want := e.TargetOr(cfg.Contracts.Target).Name
		for _, r := range res {
			if r.Entry.Package == e.Package && r.Target.Name == want {
				out = append(out, r)
			}
		}
	}
	return out
}
