package goload

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/scanner"
	"go/token"
	"go/types"
	"os"
	"runtime"
	"slices"

	"golang.org/x/tools/go/packages"
)

// listMode lists the packages to read: names, files and imports, which the
// go command answers without compiling anything (nor, without
// NeedCompiledGoFiles, probing the toolchain).
const listMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedModule

// exportMode reads the types of the packages' dependencies from their
// export data (compiled once and kept in the go build cache).
const exportMode = packages.NeedName | packages.NeedTypes

// typeCheck lists the packages matching patterns, reads the types of their
// imports from export data and type-checks each package from its source,
// filling Syntax, Types, TypesInfo and TypeErrors as go/packages does with
// NeedSyntax|NeedTypes|NeedTypesInfo. Unlike that mode, it never asks the
// go command for the export data of the packages themselves, which would
// compile them: a user's package that was just edited is compiled once,
// for its IR program, not twice.
func typeCheck(ctx context.Context, fset *token.FileSet, dir string, patterns []string) ([]*packages.Package, error) {
	roots, err := packages.Load(&packages.Config{Context: ctx, Dir: dir, Mode: listMode, Fset: fset}, patterns...)
	if err != nil {
		return nil, err
	}
	deps, err := dependencyTypes(ctx, fset, dir, roots)
	if err != nil {
		return nil, err
	}
	for _, p := range roots {
		checkPackage(fset, p, deps)
	}
	return roots, nil
}

// dependencyTypes loads, from export data, every package the roots import,
// keyed by package path (the go command's, after vendoring). A dependency
// that does not compile is type-checked from its source by go/packages,
// as far as it goes, so that the types it does declare still resolve.
func dependencyTypes(ctx context.Context, fset *token.FileSet, dir string, roots []*packages.Package) (map[string]*packages.Package, error) {
	var paths []string
	for _, p := range roots {
		for _, imp := range p.Imports {
			if imp.PkgPath != "unsafe" && imp.PkgPath != "" {
				paths = append(paths, imp.PkgPath)
			}
		}
	}
	slices.Sort(paths)
	paths = slices.Compact(paths)
	deps := map[string]*packages.Package{}
	if len(paths) == 0 {
		return deps, nil
	}
	loaded, err := packages.Load(&packages.Config{Context: ctx, Dir: dir, Mode: exportMode, Fset: fset}, paths...)
	if err != nil {
		return nil, err
	}
	for _, p := range loaded {
		deps[p.PkgPath] = p
	}
	return deps, nil
}

// checkPackage parses p's Go files (parseSource) and type-checks them against
// deps; parse errors join p.Errors, type errors p.TypeErrors.
func checkPackage(fset *token.FileSet, p *packages.Package, deps map[string]*packages.Package) {
	for _, name := range p.GoFiles {
		f, err := parseFile(fset, name)
		if err != nil {
			p.Errors = append(p.Errors, parseErrors(name, err)...)
		}
		if f != nil {
			p.Syntax = append(p.Syntax, f)
		}
	}
	p.TypesInfo = &types.Info{
		Types: map[ast.Expr]types.TypeAndValue{}, Defs: map[*ast.Ident]types.Object{},
		Uses: map[*ast.Ident]types.Object{}, Implicits: map[ast.Node]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{}, Scopes: map[ast.Node]*types.Scope{},
		Instances: map[*ast.Ident]types.Instance{},
	}
	conf := types.Config{
		Importer: importerOf(p, deps),
		Error: func(err error) {
			var te types.Error
			if errors.As(err, &te) {
				p.TypeErrors = append(p.TypeErrors, te)
			}
		},
		Sizes: types.SizesFor("gc", goarch()),
		// The files are the cgo sources, not cgo's output: C.x has no type,
		// which makes a contract field of a C type unsupported.
		FakeImportC: true,
	}
	if p.Module != nil && p.Module.GoVersion != "" {
		conf.GoVersion = "go" + p.Module.GoVersion
	}
	// The errors are in p.TypeErrors; a package with some still has types.
	p.Types, _ = conf.Check(p.PkgPath, fset, p.Syntax, p.TypesInfo)
}

// parseFile reads and parses one file of a package.
func parseFile(fset *token.FileSet, name string) (*ast.File, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return parseSource(fset, name, src)
}

// parseErrors turns a parse failure into go/packages errors, one per
// syntax error, as go/packages reports them.
func parseErrors(name string, err error) []packages.Error {
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		return []packages.Error{{Pos: name, Msg: err.Error(), Kind: packages.ParseError}}
	}
	out := make([]packages.Error, 0, len(list))
	for _, e := range list {
		out = append(out, packages.Error{Pos: e.Pos.String(), Msg: e.Msg, Kind: packages.ParseError})
	}
	return out
}

// importerOf resolves p's imports (as written in its source) to the
// dependency types loaded from export data.
func importerOf(p *packages.Package, deps map[string]*packages.Package) types.Importer {
	return importerFunc(func(path string) (*types.Package, error) {
		if path == "unsafe" {
			return types.Unsafe, nil
		}
		imp, ok := p.Imports[path]
		if !ok {
			return nil, fmt.Errorf("package %s is not in the import list of %s", path, p.PkgPath)
		}
		dep := deps[imp.PkgPath]
		switch {
		case dep == nil:
			return nil, fmt.Errorf("package %s was not loaded", imp.PkgPath)
		case dep.Types == nil || !dep.Types.Complete():
			if len(dep.Errors) > 0 {
				return nil, fmt.Errorf("%s", dep.Errors[0].Msg)
			}
			return nil, fmt.Errorf("no export data for %s", imp.PkgPath)
		}
		return dep.Types, nil
	})
}

// importerFunc is a types.Importer from a function.
type importerFunc func(path string) (*types.Package, error)

// Import implements types.Importer.
func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// goarch is the architecture the go command builds for.
func goarch() string {
	if a := os.Getenv("GOARCH"); a != "" {
		return a
	}
	return runtime.GOARCH
}
