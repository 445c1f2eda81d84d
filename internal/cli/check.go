package cli

import (
	"context"
	"flag"
	"os"
	"path/filepath"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/project"
)

// checkFlags are the flags of `etlgen check`.
type checkFlags struct {
	plan   planFlags
	fail   failFlags
	noTest bool
	base   string
	view   string
}

// checkCommand is `etlgen check [PKG...]`: everything a CI needs, for
// every pipeline package × target of the project file, with one exit
// code and one report.
func checkCommand() command {
	return command{
		summary: "check a project for CI: generated files, contract drift, validate, state, tests — one exit code",
		usage:   []string{"etlgen check [-C dir] [--target NAME] [--pipeline ID] [--format text|json|sarif] [--strict | --fail-on SEVERITY] [--base REV] [--no-test] [PKG...]"},
		help: "Checks every pipeline package × target of the project file (" + project.ConfigFile + "), or the\n" +
			"packages and targets selected, as a CI would: generated helpers current (zz_etlgen.go), the\n" +
			"contract files under contracts.dir current and without breaking drift (against the committed\n" +
			"files, and with --base REV against the contracts published at that git revision), validate on\n" +
			"each target, state compatibility against the committed manifests of state: (etlgen plan\n" +
			"--write-state), and the packages' tests (go test). Text: diagnostics on stderr, one summary\n" +
			"line per pipeline package × target on stdout; json and sarif: one document on stdout with every\n" +
			"finding. --strict fails on warnings too.\n" +
			"Exit: 0 ok, 10 invalid model (stale generated files, breaking contract drift and failing tests too),\n" +
			"12 planning failure, 14 incompatible state, 16 environment failure: the worst finding's class.",
		flags: func(fs *flag.FlagSet) runFunc {
			var f checkFlags
			fs.StringVar(&f.plan.dir, "C", ".", "run as if etlgen was started in `dir`")
			fs.Var(&f.plan.targets, "target", "check only this `target` (repeatable; default: every target)")
			fs.Var(&f.plan.pipelines, "pipeline", "check only this pipeline `id` (repeatable; default: all)")
			formatFlag(fs, &f.plan.format, formatText, formatJSON, formatSARIF)
			f.fail.register(fs)
			fs.BoolVar(&f.noTest, "no-test", false, "do not run the packages' tests")
			fs.StringVar(&f.base, "base", "", "also report breaking drift against the contracts published at git revision `REV` (e.g. origin/main)")
			fs.StringVar(&f.view, "view", "consumer", "whose expectations decide what contract drift is breaking: consumer, producer or full")
			f.plan.cwdPaths = true
			return func(ctx context.Context, e env, pkgs []string) int {
				return runCheck(ctx, e, f, pkgs)
			}
		},
	}
}

// runCheck runs every check and reports.
func runCheck(ctx context.Context, e env, f checkFlags, pkgs []string) int {
	format, err := parseFormat(f.plan.format, formatText, formatJSON, formatSARIF)
	if err != nil {
		return e.usageError("%v", err)
	}
	least, err := f.fail.severity()
	if err != nil {
		return e.usageError("%v", err)
	}
	path, ok := project.FindConfig(f.plan.dir)
	if !ok {
		return e.usageError("no %s here or above (up to go.mod): etlgen check runs over a project file; etlgen init writes one", project.ConfigFile)
	}
	cfg, res, code := projectUnits(ctx, e, f.plan, path, pkgs, diagFormat(format))
	if code != ExitOK {
		return code
	}
	reports := validateUnits(ctx, cfg, res)
	if cfg.Contracts.Dir != "" {
		l, err := checkContracts(ctx, cfg, res, f)
		if err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		_, err = os.Stat(cfg.Path(cfg.Contracts.Dir))
		attach(cfg, reports, l, err == nil)
	}
	if !f.noTest {
		results, err := goTest(ctx, cfg, res)
		if err != nil {
			return e.fail(ExitFailure, "%v", err)
		}
		attachTests(cfg, reports, results)
	}
	for i := range reports {
		reports[i].Diagnostics = displayPaths(reports[i].Diagnostics)
	}
	return renderUnits(e, format, reports, least, "check")
}

// attach adds the contract check's diagnostics to the unit of the package
// whose directory holds their file (else to the first unit), and to each
// summary line what it found for the unit: contracts current, FAIL (an
// error of the check is the unit's), or not published (no contracts
// directory yet).
func attach(cfg *project.Config, reports []unitReport, l diag.List, published bool) {
	failed := make([]bool, len(reports))
	for _, d := range l {
		i := unitOf(cfg, reports, d)
		reports[i].Diagnostics = append(reports[i].Diagnostics, d)
		failed[i] = failed[i] || d.Severity == diag.Error
	}
	for i := range reports {
		word := "contracts current"
		switch {
		case failed[i]:
			word = "contracts FAIL"
		case !published:
			word = "contracts not published"
		}
		reports[i].Extra = append(reports[i].Extra, word)
	}
}

// unitOf returns the index of the first unit of the package a diagnostic
// names in its path, else of the one whose package directory holds its
// file, else 0.
func unitOf(cfg *project.Config, reports []unitReport, d diag.Diagnostic) int {
	for i, r := range reports {
		if d.Path == r.Entry.Package {
			return i
		}
	}
	return unitOfFile(cfg, reports, d.Pos.File)
}

// unitOfFile returns the index of the first unit whose package directory
// holds file, else 0.
func unitOfFile(cfg *project.Config, reports []unitReport, file string) int {
	abs, err := filepath.Abs(file)
	if err != nil {
		return 0
	}
	for i, r := range reports {
		if filepath.Dir(abs) == filepath.Clean(cfg.Path(r.Entry.Package)) {
			return i
		}
	}
	return 0
}
