package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"path/filepath"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// compileCommand is `etlgen compile PKG --profile FILE (-o DIR | --check
// DIR)`: it plans the package's pipelines with the profile and writes, through
// the compile generators (gen.GroupCompile), one PySpark program per pipeline
// and the runtime package etlgen_runtime/ into DIR, removing programs the same package (or
// --pipeline selection) wrote before and no longer writes (gen.Owner); with
// --check it writes nothing and reports missing, stale and obsolete files.
// Either way the generated programs are first compiled with Python
// (compilePython): nothing is written when one does not compile.
func compileCommand() command {
	return command{
		summary: "write the PySpark program of each pipeline (Spark engine) into a directory",
		usage:   []string{"etlgen compile [PKG] --profile FILE (-o DIR | --check DIR) [--pipeline ID]"},
		help: "Writes one PySpark program per pipeline (a Spark Connect client) and the runtime package\n" +
			"etlgen_runtime/ (Python modules the programs import) into DIR,\n" +
			"and lists the files written on stdout.\n" +
			"Exit: 0 ok, 1 stale files (--check) or a generated program Python cannot compile (a bug in etlgen),\n" +
			"2 a profile of another engine, 10 invalid model, 12 planning failure, 16 environment failure.",
		generators: gen.GroupCompile,
		flags: func(fs *flag.FlagSet) runFunc {
			var f planFlags
			f.register(fs)
			out := fs.String("o", "", "write the programs into `DIR`")
			check := fs.String("check", "", "write nothing; fail when the programs in `DIR` are missing, stale or obsolete")
			return func(ctx context.Context, e env, pkgs []string) int {
				return runCompile(ctx, e, f, *out, *check, pkgs)
			}
		},
	}
}

// runCompile plans and writes (or checks) the programs.
func runCompile(ctx context.Context, e env, f planFlags, out, check string, pkgs []string) int {
	pkgs, code := f.resolveOne(e, pkgs)
	if code != ExitOK {
		return code
	}
	if f.profile == "" || (out == "") == (check == "") {
		return e.usageError("--profile FILE and one of -o DIR and --check DIR are required")
	}
	res, code := loadActionablePlan(ctx, e, f, pkgs)
	if code != ExitOK {
		return code
	}
	printDiagList(e.stderr, res.Diagnostics)
	if !res.Model.OnSpark {
		return e.fail(ExitUsage, "profile %s runs on engine %s; compile writes the programs of the %s engine (etlgen run runs the local engine in-process)",
			res.Model.Profile, res.Model.Engine, profile.EnginePySpark)
	}
	m := &gen.Model{Plan: res.Model, Diagnostics: res.Diagnostics}
	dir, shown := out, out
	if check != "" {
		dir = check
	}
	gens := gen.Default().Group(gen.GroupCompile)
	if code := compilePython(ctx, e, gens, m); code != ExitOK {
		return code
	}
	files, code := emit(ctx, e, gens, m, joinDir(f.dir, dir), check != "", "run etlgen compile -o "+dir+" and deploy the result", gen.OwnerOf(gen.GroupCompile, m))
	if code != ExitOK || check != "" {
		return code
	}
	for _, file := range files {
		fmt.Fprintln(e.stdout, filepath.Join(shown, file.Path))
	}
	return ExitOK
}

// compilePython generates the programs in memory and compiles them with
// the Python the run uses (sparkrun.CompilerPython: the venv, else python3),
// in one process that writes nothing. A program Python refuses is a bug in
// etlgen: the Python error is printed and the exit code is ExitFailure.
// Without a Python the programs are not checked, and stderr says so; a
// generator error is left to emit to report.
func compilePython(ctx context.Context, e env, gens []gen.Generator, m *gen.Model) int {
	files, err := gen.Generate(ctx, gens, m)
	if err != nil {
		return ExitOK
	}
	py, err := sparkrun.CompilerPython()
	if err == nil {
		pf := make([]pyspark.File, len(files))
		for i, f := range files {
			pf[i] = pyspark.File{Path: f.Path, Data: f.Data}
		}
		err = sparkrun.Compile(ctx, py, pf)
	}
	var ce *sparkrun.CompileError
	switch {
	case err == nil:
		return ExitOK
	case errors.As(err, &ce):
		return e.fail(ExitFailure, "a generated program is not valid Python (a bug in etlgen; please report it with the pipeline):\n%s", ce.Message)
	}
	e.errorf("the programs were not checked with Python: %v", err)
	return ExitOK
}
