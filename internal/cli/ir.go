package cli

import (
	"context"
	"flag"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/project"
)

// irCommand prints the IR document of one Go package: `etlgen ir [-C dir]
// [-abs] PKG`.
func irCommand() command {
	return command{
		summary: "print the pipeline IR document (JSON) of a Go package",
		usage:   []string{"etlgen ir [-C dir] [-abs] [-no-cache] PKG"},
		help: "Prints the pipeline IR document (JSON) of a Go package on stdout.\n" +
			"Exit: 0 ok, 10 the package does not compile or its IR has errors, 16 environment failure.",
		flags: func(fs *flag.FlagSet) runFunc {
			dir := fs.String("C", ".", "run as if etlgen was started in `dir`")
			abs := fs.Bool("abs", false, "keep absolute source positions (default: relative to the package's module root)")
			noCache := fs.Bool("no-cache", false, "rebuild the IR program instead of using the cache")
			return func(ctx context.Context, e env, args []string) int {
				if len(args) != 1 {
					return e.usageError("name one package (PKG)")
				}
				return runIR(ctx, e, irload.Loader{NoCache: *noCache}, *dir, args[0], *abs)
			}
		},
	}
}

// runIR loads and prints the document.
func runIR(ctx context.Context, e env, l irload.Loader, dir, pkg string, abs bool) int {
	doc, err := l.Load(ctx, dir, pkg)
	if err != nil {
		return loadFailure(e, err, diag.FormatText)
	}
	if !abs {
		if root, err := project.ModuleRoot(dir); err == nil {
			doc.Relativize(root)
		}
	}
	b, err := ir.Marshal(doc)
	if err != nil {
		return e.fail(ExitFailure, "%v", err)
	}
	_, _ = e.stdout.Write(b)
	if doc.Diagnostics.HasErrors() {
		printDiagList(e.stderr, doc.Diagnostics)
		return ExitInvalidModel
	}
	return ExitOK
}
