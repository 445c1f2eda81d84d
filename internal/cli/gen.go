package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/goload"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/project"
)

// genCommand is `etlgen gen [-C dir] [--check] [PKG...]`: it writes
// zz_etlgen.go (typed column accessors and the contract registry) in every
// package that declares contracts.
func genCommand() command {
	return command{
		summary: "write the Go helpers (zz_etlgen.go) of packages with contracts",
		usage:   []string{"etlgen gen [-C dir] [--check] [PKG patterns, default . (at a project's root: its packages)]"},
		help: "Writes the Go helpers of each package that declares contracts (run it from go:generate).\n" +
			"Without packages at the root of a project (" + project.ConfigFile + "), the project's pipeline packages.\n" +
			"Exit: 0 ok, 1 stale or missing files (--check), 10 invalid contracts.",
		generators: gen.GroupGo,
		flags: func(fs *flag.FlagSet) runFunc {
			dir := fs.String("C", ".", "run as if etlgen was started in `dir`")
			check := fs.Bool("check", false, "write nothing; fail when a generated file is missing or stale")
			return func(ctx context.Context, e env, pkgs []string) int {
				if len(pkgs) == 0 {
					pkgs = projectPackages(*dir)
				}
				m, code := loadGenModel(ctx, e, *dir, pkgs)
				if code != ExitOK {
					return code
				}
				_, code = emit(ctx, e, gen.Default().Group(gen.GroupGo), m, *dir, *check, "run go generate ./... (or etlgen gen) and commit the result", gen.Owner{})
				return code
			}
		},
	}
}

// projectPackages returns the pipeline packages of the project file at
// dir when dir is a project's root, else none (the command's default).
func projectPackages(dir string) []string {
	path, ok := project.FindConfig(dir)
	abs, err := filepath.Abs(dir)
	if !ok || err != nil || filepath.Dir(path) != abs {
		return nil
	}
	cfg, l, err := project.LoadConfig(path)
	if err != nil || l.HasErrors() {
		return nil // the command's default; validate reports the file's problems
	}
	var out []string
	for _, en := range cfg.Pipelines {
		out = append(out, en.Package)
	}
	return out
}

// printGenerators lists the generators of a group from their specs.
func printGenerators(w io.Writer, group string) {
	fmt.Fprintln(w, "\nGenerators:")
	for _, g := range gen.Default().Group(group) {
		s := g.Spec()
		fmt.Fprintf(w, "  %-13s %s\n  %-13s writes %s\n", g.Name(), s.Summary, "", s.Outputs)
	}
}

// loadGenModel loads the contracts of the packages matching patterns under
// dir, prints every diagnostic and builds the generator model.
func loadGenModel(ctx context.Context, e env, dir string, patterns []string) (*gen.Model, int) {
	res, code := loadContracts(ctx, e, dir, patterns)
	if code != ExitOK {
		return nil, code
	}
	m, err := gen.FromLoad(res, dir)
	if err != nil {
		return nil, e.fail(ExitFailure, "%v", err)
	}
	return m, ExitOK
}

// loadContracts runs goload.Load and prints its diagnostics; invalid
// contracts map to ExitInvalidModel.
func loadContracts(ctx context.Context, e env, dir string, patterns []string) (*contracts.LoadResult, int) {
	res, err := goload.Load(ctx, dir, patterns...)
	if err != nil {
		return nil, e.fail(ExitFailure, "%v", err)
	}
	printDiagList(e.stderr, res.Diagnostics)
	if res.Diagnostics.HasErrors() {
		return nil, ExitInvalidModel
	}
	return res, ExitOK
}

// printDiagList prints diagnostics in text form, sorted, with file names
// relative to the working directory when they are inside it.
func printDiagList(w io.Writer, l diag.List) {
	for _, d := range displayPaths(l) {
		fmt.Fprintln(w, d.String())
	}
}

// emit runs generators into root, or checks root when check is set (fix
// says how to refresh stale files), and returns the files generated. A
// non-zero owner keeps root's ownership ledger (gen.Owner): only files the
// same owner wrote before are removed (and listed on stderr), another
// owner's file is never rewritten.
func emit(ctx context.Context, e env, gens []gen.Generator, m *gen.Model, root string, check bool, fix string, owner gen.Owner) ([]gen.File, int) {
	if !check {
		sink := &gen.DirSink{Root: root, Owner: owner}
		files, err := gen.Run(ctx, gens, m, sink)
		if err != nil {
			return nil, runFailure(e, err)
		}
		for _, p := range sink.Removed {
			e.errorf("removed %s: generated before by %s, no longer generated", relToDir(".", filepath.Join(root, p)), owner)
		}
		printUnowned(e, root, sink.Unowned)
		return files, ExitOK
	}
	sink := &gen.CheckSink{Root: root, Owner: owner}
	files, err := gen.Run(ctx, gens, m, sink)
	if err != nil {
		return nil, runFailure(e, err)
	}
	printUnowned(e, root, sink.Unowned)
	var l diag.List
	for _, s := range sink.Stale {
		l.Errorf(gen.CodeStaleGeneratedFile, diag.Position{File: filepath.ToSlash(filepath.Join(root, s.Path))}, fix, "generated file is %s", s.Kind)
	}
	printDiagList(e.stderr, l)
	if len(l) > 0 {
		return files, ExitFailure
	}
	return files, ExitOK
}

// runFailure prints why gen.Run failed: the diagnostics of a problem in the
// user's files (an ownership conflict, a bad ledger), or the error.
func runFailure(e env, err error) int {
	var le *diag.ListError
	if errors.As(err, &le) {
		printDiagList(e.stderr, le.List)
		return exitFor(le.List)
	}
	return e.fail(ExitFailure, "%v", err)
}

// printUnowned says which generated files were kept because no owner in
// root's ledger lists them.
func printUnowned(e env, root string, paths []string) {
	for _, p := range paths {
		e.errorf("kept %s: a generated file that no run recorded in %s (written before it existed); delete it if nothing generates it any more",
			relToDir(".", filepath.Join(root, p)), gen.LedgerFile)
	}
}
