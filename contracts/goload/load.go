package goload

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
)

// Load reads the contracts declared in the Go packages matching patterns
// (default ".") relative to dir: every struct type whose doc comment carries
// a +etl:contract marker. It collects every problem as a diagnostic; the
// error is for failures of the tool itself (no go command, bad pattern).
// Contracts with problems are still returned, as far as they could be
// built: check Diagnostics.HasErrors before using them.
//
// Files named zz_etlgen.go are ignored, and type errors are tolerated unless
// they make a contract field's type unknown, so a package whose generated file
// is missing or stale still loads. The packages are type-checked from their
// source against their dependencies' export data (typeCheck), so a load
// never compiles the packages it reads: after an edit, the go command only
// rebuilds what changed for the IR program.
func Load(ctx context.Context, dir string, patterns ...string) (*contracts.LoadResult, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	fset := token.NewFileSet()
	pkgs, err := typeCheck(ctx, fset, dir, patterns)
	if err != nil {
		return nil, fmt.Errorf("load contracts from %s: %w", dir, err)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	res := &contracts.LoadResult{}
	if len(pkgs) == 0 {
		res.Diagnostics.Add(errorf(contracts.CodePackageLoad, diag.Position{File: dir}, "", "check the directory and the package patterns",
			"no Go package matches %s", strings.Join(patterns, " ")))
	}
	for _, p := range pkgs {
		pl := newPackageLoader(fset, p)
		res.Contracts = append(res.Contracts, pl.declared()...)
		res.Packages = append(res.Packages, pl.pkg)
		res.Diagnostics = append(res.Diagnostics, pl.diags...)
	}
	checkDuplicateIDs(res.Contracts, &res.Diagnostics)
	sort.SliceStable(res.Contracts, func(i, j int) bool { return contractLess(res.Contracts[i], res.Contracts[j]) })
	res.Diagnostics = res.Diagnostics.Dedupe()
	res.Diagnostics.Sort()
	return res, nil
}

// parseSource parses a Go file for Load; the generated file is reduced to its
// package clause.
func parseSource(fset *token.FileSet, filename string, src []byte) (*ast.File, error) {
	if filepath.Base(filename) == contracts.GeneratedFileName {
		return parser.ParseFile(fset, filename, src, parser.PackageClauseOnly)
	}
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
}

func contractLess(a, b contracts.Contract) bool {
	if a.ID != b.ID {
		return a.ID < b.ID
	}
	if a.Package != b.Package {
		return a.Package < b.Package
	}
	return a.Name < b.Name
}

// checkDuplicateIDs reports every contract whose id an earlier declaration
// (by package, then position) already uses.
func checkDuplicateIDs(cs []contracts.Contract, l *diag.List) {
	order := make([]contracts.Contract, len(cs))
	copy(order, cs)
	sort.SliceStable(order, func(i, j int) bool {
		if order[i].Package != order[j].Package {
			return order[i].Package < order[j].Package
		}
		if order[i].Pos.File != order[j].Pos.File {
			return order[i].Pos.File < order[j].Pos.File
		}
		return order[i].Pos.Line < order[j].Pos.Line
	})
	first := map[string]contracts.Contract{}
	for _, c := range order {
		if c.ID == "" {
			continue
		}
		if prev, dup := first[c.ID]; dup {
			l.Add(errorf(contracts.CodeDuplicateContractID, c.Pos, c.Name, "give each contract its own id",
				"contract id %q is already used by %s.%s (%s)", c.ID, prev.Package, prev.Name, prev.Pos))
			continue
		}
		first[c.ID] = c
	}
}

// errorf is an error diagnostic of the load.
func errorf(code string, pos diag.Position, path, hint, format string, args ...any) diag.Diagnostic {
	return diag.Diagnostic{Code: code, Severity: diag.Error, Pos: pos, Path: path, Message: fmt.Sprintf(format, args...), Hint: hint}
}
