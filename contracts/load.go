package contracts

import (
	"context"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"sort"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// GeneratedFileName is the per-package file etlgen generates. Load ignores
// it, so that a missing or stale copy never stops a load.
const GeneratedFileName = "zz_etlgen.go"

// LoadResult is what Load found: the contracts sorted by id, the packages
// that were loaded, and every problem.
type LoadResult struct {
	Contracts   []Contract `json:"contracts"`
	Packages    []Package  `json:"packages"`
	Diagnostics diag.List  `json:"diagnostics,omitempty"`
}

// Package is one loaded Go package and the contracts it declares.
type Package struct {
	Name       string `json:"name"`
	ImportPath string `json:"importPath"`
	Dir        string `json:"dir"`
	// Types are the Go type names of the package's contracts, in declaration
	// order.
	Types []string `json:"types,omitempty"`
}

// ContractsOf returns the contracts declared by the package with the given
// import path, sorted by id.
func (r *LoadResult) ContractsOf(importPath string) []Contract {
	var out []Contract
	for _, c := range r.Contracts {
		if c.Package == importPath {
			out = append(out, c)
		}
	}
	return out
}

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
func Load(ctx context.Context, dir string, patterns ...string) (*LoadResult, error) {
	if len(patterns) == 0 {
		patterns = []string{"."}
	}
	fset := token.NewFileSet()
	pkgs, err := typeCheck(ctx, fset, dir, patterns)
	if err != nil {
		return nil, fmt.Errorf("load contracts from %s: %w", dir, err)
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].PkgPath < pkgs[j].PkgPath })
	res := &LoadResult{}
	if len(pkgs) == 0 {
		res.Diagnostics.Add(keyError(CodePackageLoad, diag.Position{File: dir}, "", "check the directory and the package patterns",
			"no Go package matches %s", strings.Join(patterns, " ")))
	}
	for _, p := range pkgs {
		pl := newPackageLoader(fset, p)
		res.Contracts = append(res.Contracts, pl.contracts()...)
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
	if filepath.Base(filename) == GeneratedFileName {
		return parser.ParseFile(fset, filename, src, parser.PackageClauseOnly)
	}
	return parser.ParseFile(fset, filename, src, parser.AllErrors|parser.ParseComments)
}

func contractLess(a, b Contract) bool {
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
func checkDuplicateIDs(cs []Contract, l *diag.List) {
	order := make([]Contract, len(cs))
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
	first := map[string]Contract{}
	for _, c := range order {
		if c.ID == "" {
			continue
		}
		if prev, dup := first[c.ID]; dup {
			l.Add(keyError(CodeDuplicateContractID, c.Pos, c.Name, "give each contract its own id",
				"contract id %q is already used by %s.%s (%s)", c.ID, prev.Package, prev.Name, prev.Pos))
			continue
		}
		first[c.ID] = c
	}
}
