package project

import (
	"context"
	"runtime"
	"slices"
	"sync"

	"github.com/etlgen/etlgen/framework/ir"
)

// UnitResult is one unit loaded and planned: Result, or Err when its
// package could not be loaded (a package that does not compile is an
// *Error of class invalid model, as Load returns it).
type UnitResult struct {
	Unit
	// Doc is the package's IR, shared by the units of one package; nil
	// when Err is set.
	Doc    *ir.Document
	Result *Result
	Err    error
}

// LoadUnits loads the IR of each selected package once (packages
// concurrently) and plans it on each of its selected targets. o gives the
// planning options every unit shares (Pipelines, OutputModes, Positions);
// its Dir, Package, IRFile and Profile are set per unit. The results are
// in the order of units.
func LoadUnits(ctx context.Context, c *Config, units []Unit, o Options) []UnitResult {
	docs := c.loadPackages(ctx, units, o)
	out := make([]UnitResult, len(units))
	for i, u := range units {
		out[i].Unit = u
		d := docs[u.Entry.Package]
		if d.err != nil {
			out[i].Err = d.err
			continue
		}
		out[i].Doc = d.doc
		uo := o
		uo.Profile = c.Path(u.Target.Profile)
		out[i].Result, out[i].Err = Plan(d.doc, uo)
	}
	return out
}

// loaded is the IR of one package, or why there is none.
type loaded struct {
	doc *ir.Document
	err error
}

// loadPackages builds the IR of each package of units once, at most
// GOMAXPROCS at a time.
func (c *Config) loadPackages(ctx context.Context, units []Unit, o Options) map[string]loaded {
	var pkgs []string
	for _, u := range units {
		if !slices.Contains(pkgs, u.Entry.Package) {
			pkgs = append(pkgs, u.Entry.Package)
		}
	}
	res := make([]loaded, len(pkgs))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for i, pkg := range pkgs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			po := o
			po.Dir, po.Package, po.IRFile = c.Root, pkg, ""
			res[i].doc, res[i].err = LoadIR(ctx, po)
		}()
	}
	wg.Wait()
	out := make(map[string]loaded, len(pkgs))
	for i, pkg := range pkgs {
		out[pkg] = res[i]
	}
	return out
}
