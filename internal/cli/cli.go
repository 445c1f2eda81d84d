// Package cli implements the etlgen command line.
//
// # Commands
//
// One file per subcommand. Each declares a command (cli.go): its synopsis,
// its help text and a function that registers its flags and returns the
// code that runs it. Run parses the flags the same way for every command
// (before or after the positional arguments), so `etlgen help CMD`,
// `etlgen CMD --help` and docs/cli.md (written by gendoc.go from the same
// flag definitions, checked by a test) never disagree. A command calls one
// library function, renders the result and maps it to an exit code.
// Every subcommand that needs a plan gets it from project.Load (load.go);
// compile, docs, contracts and gen run generators of package gen; run runs
// package run; init writes a new pipeline repository (init.go). run's
// summary after a local run reads the sinks' first rows beside the
// engine's close (run_prefetch.go), once every query finished.
//
// # Projects
//
// Run with no --profile (and no --ir) where an etlgen.yaml is found, a
// planning command works over the project file (project.go): validate
// and plan over every selected package × target (validate_project.go,
// plan_project.go: diagnostics once each, a summary line per unit),
// contracts and docs into the project's directories as each package's
// own (contracts_project.go, docs_project.go: one docs site), run, show,
// replay and compile on the one unit the arguments name (resolveOne). check
// (check*.go) is the CI command: the source check, contract files and
// drift, validate, state manifests and go test, one exit code, one
// SARIF document. --fail-on / --strict (failon.go) make warnings fail.
//
// # Conventions
//
// Results go to stdout; diagnostics, progress and errors to stderr, every
// message prefixed "etlgen CMD: ". --format is one vocabulary: text and
// json, plus sarif where diagnostics are the result (validate); the old
// name human is accepted for text (formats.go). Exit codes come from one
// table by diagnostic class (exit.go); a user's package that does not
// compile is an invalid model (ETL-D200, exit 10) with the compiler's
// positions.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
)

// env is what a subcommand may touch.
type env struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	// cmd is the subcommand's name, for the prefix of its messages.
	cmd string
}

// errorf prints a message on stderr with the one prefix every message of
// the command line carries: "etlgen <cmd>: ".
func (e env) errorf(format string, args ...any) {
	fmt.Fprintf(e.stderr, "etlgen %s: %s\n", e.cmd, fmt.Sprintf(format, args...))
}

// fail prints a message like errorf and returns code.
func (e env) fail(code int, format string, args ...any) int {
	e.errorf(format, args...)
	return code
}

// usageError prints a usage problem and where the help is, and returns
// ExitUsage.
func (e env) usageError(format string, args ...any) int {
	e.errorf(format, args...)
	fmt.Fprintf(e.stderr, "Run 'etlgen help %s' for usage.\n", e.cmd)
	return ExitUsage
}

// runFunc runs a subcommand with its flags parsed, given the positional
// arguments.
type runFunc func(ctx context.Context, e env, args []string) int

// command is one subcommand: its help and its flags, from which `etlgen
// help CMD`, `CMD --help` and docs/cli.md are all written.
type command struct {
	// summary is the one line of the command list.
	summary string
	// usage holds the synopsis lines, without the "Usage: " prefix.
	usage []string
	// help says what the command does and its exit codes.
	help string
	// generators is the gen group whose generators the help lists, or "".
	generators string
	// flags registers the command's flags on fs and returns the function
	// that runs it once they are parsed.
	flags func(fs *flag.FlagSet) runFunc
}

// namedCommand is a command with its name, for help and docs.
type namedCommand struct {
	name string
	command
}

// commands lists every subcommand; the default set lives here, in one place.
func commands() map[string]command {
	return map[string]command{
		"version":   versionCommand(),
		"init":      initCommand(),
		"gen":       genCommand(),
		"contracts": contractsCommand(),
		"doctor":    doctorCommand(),
		"validate":  validateCommand(),
		"plan":      planCommand(),
		"ir":        irCommand(),
		"docs":      docsCommand(),
		"run":       runCommand(),
		"show":      showCommand(),
		"replay":    replayCommand(),
		"compile":   compileCommand(),
		"check":     checkCommand(),
	}
}

// sortedCommands returns the commands sorted by name.
func sortedCommands() []namedCommand {
	cmds := commands()
	out := make([]namedCommand, 0, len(cmds))
	for _, n := range slices.Sorted(maps.Keys(cmds)) {
		out = append(out, namedCommand{n, cmds[n]})
	}
	return out
}

// Run executes the etlgen command line and returns the process exit code.
func Run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	e := env{stdin: stdin, stdout: stdout, stderr: stderr}
	cmds := commands()
	switch {
	case len(args) == 0 || isHelpFlag(args[0]):
		usage(stdout)
		return ExitOK
	case args[0] == "help":
		return runHelp(e, args[1:])
	case args[0] == "--version" || args[0] == "-version":
		args = append([]string{"version"}, args[1:]...)
	}
	c, ok := cmds[args[0]]
	if !ok {
		fmt.Fprintf(stderr, "etlgen: unknown command %q\nRun 'etlgen help' for usage.\n", args[0])
		return ExitUsage
	}
	e.cmd = args[0]
	return c.exec(ctx, e, args[1:])
}

// isHelpFlag reports whether arg asks for help.
func isHelpFlag(arg string) bool {
	return arg == "-h" || arg == "--help" || arg == "-help"
}

// runHelp implements `etlgen help [CMD]`.
func runHelp(e env, args []string) int {
	if len(args) == 0 {
		usage(e.stdout)
		return ExitOK
	}
	c, ok := commands()[args[0]]
	if !ok || len(args) > 1 {
		fmt.Fprintf(e.stderr, "etlgen help: unknown command %q\nRun 'etlgen help' for usage.\n", strings.Join(args, " "))
		return ExitUsage
	}
	fs := flag.NewFlagSet(args[0], flag.ContinueOnError)
	c.flags(fs)
	c.writeHelp(e.stdout, fs)
	return ExitOK
}

// exec parses the command's flags (before or after the positional
// arguments) and runs it. --help prints the help on stdout (exit 0); a
// bad flag prints the problem and the synopsis on stderr (exit 2).
func (c command) exec(ctx context.Context, e env, args []string) int {
	fs := flag.NewFlagSet(e.cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {}
	run := c.flags(fs)
	pos, err := parseInterleaved(fs, args)
	switch {
	case errors.Is(err, flag.ErrHelp):
		c.writeHelp(e.stdout, fs)
		return ExitOK
	case err != nil:
		e.errorf("%v", err)
		for i, u := range c.usage {
			lead := "usage: "
			if i > 0 {
				lead = "       "
			}
			fmt.Fprintf(e.stderr, "%s%s\n", lead, u)
		}
		fmt.Fprintf(e.stderr, "Run 'etlgen help %s' for usage.\n", e.cmd)
		return ExitUsage
	}
	return run(ctx, e, pos)
}

// writeHelp prints the command's help: synopsis, description, flags and
// the generators it runs.
func (c command) writeHelp(w io.Writer, fs *flag.FlagSet) {
	for i, u := range c.usage {
		lead := "Usage: "
		if i > 0 {
			lead = "       "
		}
		fmt.Fprintf(w, "%s%s\n", lead, u)
	}
	fmt.Fprintf(w, "\n%s\n", c.help)
	if hasFlags(fs) {
		fmt.Fprintln(w, "\nFlags:")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	if c.generators != "" {
		printGenerators(w, c.generators)
	}
}

// hasFlags reports whether fs defines any flag.
func hasFlags(fs *flag.FlagSet) bool {
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	return n > 0
}

func usage(w io.Writer) {
	fmt.Fprintln(w, "etlgen: typed, contracts-first streaming pipelines\n\nUsage: etlgen <command> [flags]\n       etlgen help <command>\n       etlgen --version\n\nCommands:")
	for _, c := range sortedCommands() {
		fmt.Fprintf(w, "  %-10s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'etlgen help <command>' (or 'etlgen <command> --help') for a command's flags.")
}
