package cli

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/project"
)

// projectMode says whether a planning command runs over the project file:
// it was given neither --profile nor --ir, and an etlgen.yaml is found in
// -C's directory or above it (up to the module root). Package arguments
// then select entries of the project.
func (f *planFlags) projectMode() (string, bool) {
	if f.profile != "" || f.irFile != "" {
		return "", false
	}
	return project.FindConfig(f.dir)
}

// loadConfig reads the project file; problems in it are printed and map
// to the exit code (a project with errors is never acted on).
func loadConfig(e env, path string, format diag.Format) (*project.Config, int) {
	cfg, l, err := project.LoadConfig(relToDir(".", path))
	if err != nil {
		return nil, e.fail(ExitFailure, "%v", err)
	}
	if l.HasErrors() {
		return nil, report(e, format, displayPaths(l))
	}
	return cfg, ExitOK
}

// projectUnits loads the project file at path, selects the units the
// flags and the package patterns name, and loads and plans them. A
// selection that names nothing is a usage error.
func projectUnits(ctx context.Context, e env, f planFlags, path string, pkgs []string, format diag.Format) (*project.Config, []project.UnitResult, int) {
	cfg, code := loadConfig(e, path, format)
	if code != ExitOK {
		return nil, nil, code
	}
	units, err := cfg.Select(project.Selection{Packages: pkgs, Dir: f.dir, Targets: f.targets})
	if err != nil {
		return nil, nil, e.usageError("%v", err)
	}
	o := project.Options{Pipelines: f.pipelines, OutputModes: f.outputModes()}
	if f.cwdPaths {
		o.Positions = project.PositionsAbsolute
	}
	res := project.LoadUnits(ctx, cfg, units, o)
	if len(f.pipelines) > 0 {
		res = slices.DeleteFunc(res, func(r project.UnitResult) bool {
			return r.Err == nil && (r.Result.Model == nil || len(r.Result.Model.Pipelines) == 0)
		})
		if len(res) == 0 {
			return nil, nil, e.usageError("--pipeline %s: no selected package declares it", f.pipelines.String())
		}
	}
	return cfg, res, ExitOK
}

// unitDiagnostics are a unit's diagnostics: its plan's, or the failure to
// load its package as diagnostics (a package that does not compile is
// its compiler's errors; anything else one environment error).
func unitDiagnostics(r project.UnitResult) diag.List {
	if r.Err == nil {
		return r.Result.Diagnostics
	}
	if l := buildDiagnostics(r.Err); l != nil {
		return l
	}
	var l diag.List
	l.Errorf(codeLoadFailed, diag.Position{File: r.Entry.Package}, "run etlgen validate "+r.Entry.Package+" --profile "+r.Target.Profile+" for the whole message",
		"load %s: %v", r.Entry.Package, r.Err)
	return l
}

// codeLoadFailed reports a package of the project that could not be
// loaded for a reason other than its own compile errors.
const codeLoadFailed = "ETL-E790"

// pipelineIDs names a unit's planned pipelines, "-" when none.
func pipelineIDs(r project.UnitResult) string {
	if r.Err != nil || r.Result.Model == nil || len(r.Result.Model.Pipelines) == 0 {
		return "-"
	}
	var ids []string
	for _, p := range r.Result.Model.Pipelines {
		ids = append(ids, p.ID)
	}
	return strings.Join(ids, ",")
}

// buildDiagnostics returns the compiler errors of a package that does
// not compile as diagnostics, or nil for another failure.
func buildDiagnostics(err error) diag.List {
	var build *irload.BuildError
	if errors.As(err, &build) {
		return build.Diagnostics()
	}
	return nil
}

// singleMode checks the flags of a planning command run without the
// project file: it needs --profile (or --ir alone), and takes no --target.
func (f *planFlags) singleMode(e env) int {
	switch {
	case len(f.targets) > 0:
		return e.usageError("--target selects targets of the project file (%s), and there is none here", project.ConfigFile)
	case f.profile == "":
		return e.usageError("--profile FILE is required (or run in a project with an %s naming the pipelines and their profiles)", project.ConfigFile)
	}
	return ExitOK
}

// resolveOne turns a command that acts on one package and profile (run,
// show, compile) into its single form when it runs over the project
// file: the package arguments and --target must select one package, and
// its target is --target, else the project's default_target, else the
// package's first. It sets f.profile and returns the package to load
// (absolute); outside a project it returns pkgs as they are.
func (f *planFlags) resolveOne(e env, pkgs []string) ([]string, int) {
	path, ok := f.projectMode()
	if !ok {
		if len(f.targets) > 0 {
			return nil, f.singleMode(e)
		}
		return pkgs, ExitOK
	}
	cfg, code := loadConfig(e, path, diag.FormatText)
	if code != ExitOK {
		return nil, code
	}
	units, err := cfg.Select(project.Selection{Packages: pkgs, Dir: f.dir, Targets: f.targets})
	if err != nil {
		return nil, e.usageError("%v", err)
	}
	u, err := pickUnit(cfg, units, len(f.targets) > 0)
	if err != nil {
		return nil, e.usageError("%v", err)
	}
	f.profile = cfg.Path(u.Target.Profile)
	return []string{cfg.Path(u.Entry.Package)}, ExitOK
}

// pickUnit picks the one unit a single-target command acts on: the only
// package selected, on the target asked for or its default.
func pickUnit(cfg *project.Config, units []project.Unit, targetGiven bool) (project.Unit, error) {
	var pkgs []string
	for _, u := range units {
		if !slices.Contains(pkgs, u.Entry.Package) {
			pkgs = append(pkgs, u.Entry.Package)
		}
	}
	if len(pkgs) > 1 {
		return project.Unit{}, fmt.Errorf("this command runs one pipeline package, and %s names %d: name one (%s)",
			project.ConfigFile, len(pkgs), strings.Join(pkgs, ", "))
	}
	if targetGiven && len(units) > 1 {
		return project.Unit{}, fmt.Errorf("this command runs on one target: give --target once")
	}
	for _, u := range units {
		if !targetGiven && u.Target.Name == cfg.DefaultTarget {
			return u, nil
		}
	}
	return units[0], nil
}
