package cli

import (
	"context"
	"fmt"

	"github.com/etlgen/etlgen/project"
)

// loadPlan is the one load → bind → plan behind every subcommand that
// needs a plan: the flags become project.Options, project.Load does the
// work, and a failure to load anything is printed and mapped to its exit
// code. Problems in the pipeline or the profile are the result's
// diagnostics, for the command to render.
func loadPlan(ctx context.Context, e env, cmd string, f planFlags, pkgs []string) (*project.Result, int) {
	o, err := f.options(pkgs)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen %s: %v\n", cmd, err)
		return nil, ExitUsage
	}
	res, err := project.Load(ctx, o)
	if err != nil {
		fmt.Fprintf(e.stderr, "etlgen %s: %v\n", cmd, err)
		return nil, exitForError(err)
	}
	return res, ExitOK
}
