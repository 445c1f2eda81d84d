package cli

import (
	"errors"
	"flag"
	"path/filepath"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/project"
)

// planFlags are the flags of the subcommands that load, bind and plan.
type planFlags struct {
	profile, irFile, format, dir string
	pipelines, modes, targets    stringList
	// cwdPaths keeps the absolute source positions of a package's IR, for
	// commands that print diagnostics relative to the working directory
	// (validate, plan); the others make them module-relative.
	cwdPaths bool
}

// register defines the flags every planning command shares (--format is
// each command's own: formatFlag).
func (f *planFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&f.profile, "profile", "", "profile YAML `FILE` (required)")
	fs.StringVar(&f.irFile, "ir", "", "read the pipeline IR from this JSON `FILE` (etlgen ir output) instead of building PKG")
	fs.StringVar(&f.dir, "C", ".", "run as if etlgen was started in `dir`")
	fs.Var(&f.pipelines, "pipeline", "plan only this pipeline `id` (repeatable; default: all)")
	fs.Var(&f.targets, "target", "with the project file (etlgen.yaml): only this `target` (repeatable; default: every target of each pipeline)")
	fs.Var(&f.modes, "output-mode", "force a query's output mode, `query=mode` (repeatable; wins over the profile's output_mode; default: inferred)")
}

// outputModes turns the --output-mode flags into planner options.
func (f *planFlags) outputModes() map[string]string {
	out := map[string]string{}
	for _, kv := range f.modes {
		q, m, _ := strings.Cut(kv, "=")
		out[q] = m
	}
	return out
}

// errOnePackage is the usage error of a command given no package and no IR.
var errOnePackage = errors.New("name one package (PKG) or pass --ir FILE")

// options turns the flags and the positional packages into what
// project.Load needs; paths are joined to -C, and for commands that print
// diagnostics relative to the working directory, the profile is named as
// they print it.
func (f *planFlags) options(pkgs []string) (project.Options, error) {
	o := project.Options{Dir: f.dir, Pipelines: f.pipelines, OutputModes: f.outputModes()}
	switch {
	case f.irFile != "":
		o.IRFile = joinDir(f.dir, f.irFile)
	case len(pkgs) == 1:
		o.Package = pkgs[0]
	default:
		return o, errOnePackage
	}
	if f.profile != "" {
		o.Profile = joinDir(f.dir, f.profile)
		if f.cwdPaths {
			o.Profile = relToDir(".", o.Profile)
		}
	}
	if f.cwdPaths {
		o.Positions = project.PositionsAbsolute
	}
	return o, nil
}

// stringList is a repeatable string flag.
type stringList []string

// String joins the values (flag.Value).
func (s *stringList) String() string { return strings.Join(*s, ",") }

// Set appends a value (flag.Value).
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// parseInterleaved parses flags that may come before or after positional
// arguments (etlgen validate PKG --profile FILE) and returns the positionals.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return pos, nil
		}
		pos = append(pos, args[0])
		args = args[1:]
	}
}

// displayPaths returns a sorted copy of l whose absolute file names are
// relative to the working directory when they are inside it, as gcc and
// go vet print them; file names outside it stay absolute, and relative ones
// (already relative to the working directory, or as written in an --ir file)
// are kept.
func displayPaths(l diag.List) diag.List {
	out := make(diag.List, len(l))
	copy(out, l)
	for i := range out {
		out[i].Pos.File = relToDir(".", out[i].Pos.File)
		out[i].Fix.File = relToDir(".", out[i].Fix.File)
	}
	out.Sort()
	return out
}

// relToDir shortens an absolute file name inside dir to a relative one.
func relToDir(dir, file string) string {
	if file == "" || !filepath.IsAbs(file) {
		return file
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return file
	}
	rel, err := filepath.Rel(abs, file)
	if err != nil || rel == ".." || filepath.IsAbs(rel) || len(rel) > 2 && rel[:3] == ".."+string(filepath.Separator) {
		return file
	}
	return filepath.ToSlash(rel)
}

// joinDir joins a relative path to -C's directory.
func joinDir(dir, p string) string {
	if dir == "" || dir == "." || p == "" || strings.HasPrefix(p, "/") {
		return p
	}
	return dir + "/" + p
}

// underDir resolves p relative to dir, unless p is absolute.
func underDir(dir, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(dir, p)
}
