package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// checkContracts checks the project's published contract files: each
// package's files as `etlgen contracts` would write them now (stale or
// missing files are ETL-G813; a contracts directory that does not exist
// yet is nothing published, and its contracts are "not published yet"
// notes of the drift), the drift between the published ODCS files
// and the Go structs of every package of the project, and with --base the
// drift since the contracts published at that revision (only breaking
// changes count there).
func checkContracts(ctx context.Context, cfg *project.Config, res []project.UnitResult, f checkFlags) (diag.List, error) {
	view, ok := gen.ParseView(f.view)
	if !ok {
		return nil, fmt.Errorf("--view %q: want consumer, producer or full", f.view)
	}
	var pkgs []string
	for _, e := range cfg.Pipelines {
		pkgs = append(pkgs, e.Package)
	}
	loaded, err := gen.LoadContractsCached(ctx, irload.Loader{}, cfg.Root, pkgs...)
	if err != nil {
		return nil, err
	}
	if loaded.Diagnostics.HasErrors() {
		return loaded.Diagnostics, nil // validate's source check says the same, per package
	}
	dir := cfg.Path(cfg.Contracts.Dir)
	var l diag.List
	if _, err := os.Stat(dir); err == nil {
		if l, err = staleContracts(ctx, cfg, res, loaded, dir); err != nil {
			return nil, err
		}
	}
	published, bad, err := gen.ReadPublished(dir)
	if err != nil {
		return nil, err
	}
	l = append(append(l, bad...), gen.Drift(published, loaded.Contracts, view).Diagnostics()...)
	if f.base != "" {
		since, err := driftSince(ctx, cfg, f.base, loaded, view)
		if err != nil {
			return nil, err
		}
		l = append(l, since...)
	}
	return l, nil
}

// staleContracts generates the contract files of each selected package,
// bound to its contracts target, and compares them with dir as their
// package's owner.
func staleContracts(ctx context.Context, cfg *project.Config, res []project.UnitResult, loaded *contracts.LoadResult, dir string) (diag.List, error) {
	models, err := contractModels(cfg, res, loaded)
	if err != nil {
		return nil, err
	}
	units := contractUnits(cfg, res)
	var l diag.List
	for i, m := range models {
		pkg := units[i].Entry.Package
		sink := &gen.CheckSink{Root: dir, Owner: gen.OwnerOf(gen.GroupContracts, m)}
		if _, err := gen.Run(ctx, gen.Default().Group(gen.GroupContracts), m, sink); err != nil {
			var le *diag.ListError
			if errors.As(err, &le) { // an ownership conflict, a bad ledger
				l = append(l, le.List...)
				continue
			}
			return nil, err
		}
		for _, s := range sink.Stale {
			l.Add(diag.Diagnostic{Code: gen.CodeStaleGeneratedFile, Severity: diag.Error, Pos: diag.Position{File: filepath.Join(dir, filepath.FromSlash(s.Path))},
				Path: pkg, Message: "generated file is " + string(s.Kind), Hint: "run etlgen contracts and commit the files"})
		}
	}
	return l, nil
}

// contractModels returns the generator model of each selected package's
// contract files: its contracts (from loaded) and its plan on its
// contracts target.
func contractModels(cfg *project.Config, res []project.UnitResult, loaded *contracts.LoadResult) ([]*gen.Model, error) {
	all, err := gen.FromLoad(loaded, cfg.Root)
	if err != nil {
		return nil, err
	}
	var out []*gen.Model
	for _, r := range contractUnits(cfg, res) {
		m := &gen.Model{Plan: r.Result.Model, Diagnostics: r.Result.Diagnostics}
		for _, p := range all.Packages {
			if "./"+p.Dir == r.Entry.Package || p.Dir == strings.TrimPrefix(r.Entry.Package, "./") {
				m.Packages = append(m.Packages, p)
			}
		}
		out = append(out, m)
	}
	return out, nil
}

// contractUnits are the units whose plan binds each selected package's
// contracts (the contracts target, else the entry's first target) and
// planned without errors; one that did not is left to validate to report.
func contractUnits(cfg *project.Config, res []project.UnitResult) []project.UnitResult {
	return slices.DeleteFunc(contractUnitsOrFail(cfg, res), func(r project.UnitResult) bool {
		return r.Err != nil || r.Result.Diagnostics.HasErrors()
	})
}

// driftSince reads the ODCS files published at git revision rev and
// returns the breaking changes since then, each message saying so.
func driftSince(ctx context.Context, cfg *project.Config, rev string, loaded *contracts.LoadResult, view gen.View) (diag.List, error) {
	tmp, err := os.MkdirTemp("", "etlgen-base-")
	if err != nil {
		return nil, fmt.Errorf("read contracts at %s: %w", rev, err)
	}
	defer os.RemoveAll(tmp)
	data := path.Join(cfg.Contracts.Dir, "data")
	list, err := gitOutput(ctx, cfg.Root, "ls-tree", "-r", "--name-only", "--full-name", rev, "--", data)
	if err != nil {
		return nil, fmt.Errorf("read contracts at %s: %w", rev, err)
	}
	for _, name := range strings.Fields(list) {
		if !strings.HasSuffix(name, ".odcs.yaml") || path.Dir(name) != data {
			continue
		}
		body, err := gitOutput(ctx, cfg.Root, "show", rev+":"+name)
		if err != nil {
			return nil, fmt.Errorf("read contracts at %s: %w", rev, err)
		}
		if err := os.MkdirAll(filepath.Join(tmp, "data"), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(filepath.Join(tmp, "data", path.Base(name)), []byte(body), 0o644); err != nil {
			return nil, err
		}
	}
	published, _, err := gen.ReadPublished(tmp)
	if err != nil {
		return nil, err
	}
	var l diag.List
	for _, d := range gen.Drift(published, loaded.Contracts, view).Diagnostics() {
		if d.Severity == diag.Error {
			d.Message = "since " + rev + ": " + d.Message
			l = append(l, d)
		}
	}
	return l, nil
}

// gitOutput runs git in dir and returns its standard output.
func gitOutput(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("git %s: %w: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return string(out), nil
}
