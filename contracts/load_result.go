package contracts

import "github.com/etlgen/etlgen/diag"

// GeneratedFileName is the per-package file etlgen generates. A load of
// Go source (goload.Load) ignores it, so that a missing or stale copy
// never stops a load.
const GeneratedFileName = "zz_etlgen.go"

// LoadResult is what a load of Go source (goload.Load) found: the
// contracts sorted by id, the packages that were loaded, and every problem.
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
