package cli

import (
	"context"
	"errors"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/project"
)

// loadPlan is the one load → bind → plan behind every subcommand that
// needs a plan: the flags become project.Options, project.Load does the
// work, and a failure to load anything is printed and mapped to its exit
// code. A package that does not compile is reported as its compiler
// errors (ETL-D200) in format, exit 10. Problems in the pipeline or the
// profile are the result's diagnostics, for the command to render.
func loadPlan(ctx context.Context, e env, f planFlags, pkgs []string, format diag.Format) (*project.Result, int) {
	o, err := f.options(pkgs)
	if err != nil {
		return nil, e.usageError("%v", err)
	}
	res, err := project.Load(ctx, o)
	if err != nil {
		return nil, loadFailure(e, err, format)
	}
	return res, ExitOK
}

// loadActionablePlan is loadPlan for the commands that act on a plan
// (run, compile, show): the package defaults to ".", and a plan with
// errors is reported as validate reports it and not acted on.
func loadActionablePlan(ctx context.Context, e env, f planFlags, pkgs []string) (*project.Result, int) {
	if len(pkgs) == 0 && f.irFile == "" {
		pkgs = []string{"."}
	}
	res, code := loadPlan(ctx, e, f, pkgs, diag.FormatText)
	if code != ExitOK {
		return nil, code
	}
	if res.Diagnostics.HasErrors() {
		return nil, report(e, diag.FormatText, displayPaths(res.Diagnostics))
	}
	return res, ExitOK
}

// loadFailure prints a failure to load a project (or a package's IR) as
// its coded diagnostics (in format) and returns the exit code of their
// class; compile errors of the user's package are announced first.
func loadFailure(e env, err error, format diag.Format) int {
	var build *irload.BuildError
	if errors.As(err, &build) {
		e.errorf("package %s does not compile", build.Package)
	}
	return report(e, format, displayPaths(project.AsError(err).Diagnostics))
}
