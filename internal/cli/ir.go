package cli

import (
	"context"
	"flag"
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/project"
)

// runIR prints the IR document of one Go package: `etlgen ir [-C dir] [-abs] PKG`.
func runIR(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet("ir", flag.ContinueOnError)
	fs.SetOutput(e.stderr)
	dir := fs.String("C", ".", "run as if etlgen was started in `dir`")
	abs := fs.Bool("abs", false, "keep absolute source positions (default: relative to the package's module root)")
	noCache := fs.Bool("no-cache", false, "rebuild the IR program instead of using the cache")
	fs.Usage = func() {
		fmt.Fprintln(e.stderr, "Usage: etlgen ir [flags] PKG\n\nPrint the pipeline IR document (JSON) of a Go package.\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return ExitUsage
	}
	doc, err := irload.Loader{NoCache: *noCache}.Load(ctx, *dir, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen ir: %v\n", err)
		return ExitFailure
	}
	if !*abs {
		if root, err := project.ModuleRoot(*dir); err == nil {
			doc.Relativize(root)
		}
	}
	b, err := ir.Marshal(doc)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen ir: %v\n", err)
		return ExitFailure
	}
	e.stdout.Write(b)
	if doc.Diagnostics.HasErrors() {
		for _, d := range doc.Diagnostics {
			fmt.Fprintln(e.stderr, d.String())
		}
		return ExitInvalidModel
	}
	return ExitOK
}
