// Package cli implements the etlgen command line: one file per subcommand,
// each parsing its flags, calling one library function, rendering the result
// and mapping it to an exit code. Every subcommand that needs a plan gets it
// from project.Load (load.go); compile, docs, contracts and gen run
// generators of package gen; run runs package run; exit codes come from one
// table by diagnostic class (exit.go).
package cli

import (
	"context"
	"fmt"
	"io"
	"maps"
	"slices"
)

// env is what a subcommand may touch.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
}

// command is one subcommand.
type command struct {
	summary string
	run     func(ctx context.Context, e env, args []string) int
}

// commands lists every subcommand; the default set lives here, in one place.
func commands() map[string]command {
	return map[string]command{
		"version":   {summary: "print the etlgen version", run: runVersion},
		"gen":       {summary: "write the Go helpers (zz_etlgen.go) of packages with contracts", run: runGen},
		"contracts": {summary: "write ODCS, JSON Schema, DTCS and DPCS contract files, or --check them for drift", run: runContracts},
		"doctor":    {summary: "check that the environment a profile names can run pipelines", run: runDoctor},
		"validate":  {summary: "check pipelines offline: definition, streaming rules, profile, checkpoints, state", run: runValidate},
		"plan":      {summary: "print the streaming plan of pipelines bound to a profile", run: runPlan},
		"ir":        {summary: "print the pipeline IR document (JSON) of a Go package", run: runIR},
		"docs":      {summary: "write Mermaid, DOT and self-contained HTML docs of pipelines bound to a profile", run: runDocs},
		"run":       {summary: "run pipelines on the profile's engine (local: in-process, no JVM)", run: runRun},
		"compile":   {summary: "write the PySpark program of each pipeline (Spark engine) into a directory", run: runCompile},
	}
}

// Run executes the etlgen command line and returns the process exit code.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	cmds := commands()
	if len(args) == 0 || args[0] == "help" || args[0] == "-h" || args[0] == "--help" {
		usage(stdout, cmds)
		return ExitOK
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "etlgen: unknown command %q\n\n", args[0])
		usage(stderr, cmds)
		return ExitUsage
	}
	return c.run(ctx, e, args[1:])
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "etlgen: typed, contracts-first streaming pipelines\n\nUsage: etlgen <command> [flags]\n\nCommands:")
	for _, n := range slices.Sorted(maps.Keys(cmds)) {
		fmt.Fprintf(w, "  %-10s %s\n", n, cmds[n].summary)
	}
}
