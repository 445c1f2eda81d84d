package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

// stampedVersion is the version a build stamps with
// -ldflags=-X=github.com/etlgen/etlgen/internal/cli.stampedVersion=V:
// `make build` stamps `git describe --always --dirty` of the checkout, and
// a scaffold's Makefile stamps that of the checkout its go.mod replaces
// etlgen with. Empty in any other build.
var stampedVersion string

// versionCommand is `etlgen version` (and `etlgen --version`): the stamped
// version, else the module version and VCS revision from the build info.
func versionCommand() command {
	return command{
		summary: "print the etlgen version and the VCS revision it was built from",
		usage:   []string{"etlgen version", "etlgen --version"},
		help: "Prints the etlgen version, the VCS revision when the build recorded one, and the Go version.\n" +
			"The version is, first found: the one stamped at build time (make build in an etlgen checkout,\n" +
			"and the bin/etlgen of a repository whose go.mod replaces etlgen with a checkout, stamp\n" +
			"git describe --tags --always --dirty of the checkout); the module version (a release, or the\n" +
			"pseudo-version go get -tool recorded); (devel). A replace by a directory is named, as\n" +
			"(replace DIR): the go command records no revision of a replaced module, and reading the\n" +
			"directory's git state when the command runs would describe the checkout as it is now, not\n" +
			"the one the binary was built from, so only a stamp made at build time says the revision.",
		flags: func(*flag.FlagSet) runFunc {
			return func(_ context.Context, e env, args []string) int {
				if len(args) > 0 {
					return e.usageError("unexpected argument %q", args[0])
				}
				bi, ok := debug.ReadBuildInfo()
				fmt.Fprintln(e.stdout, versionText(stampedVersion, bi, ok))
				return ExitOK
			}
		},
	}
}

// etlgenModule is the module path of etlgen.
const etlgenModule = "github.com/etlgen/etlgen"

// versionText formats the version: "etlgen VERSION [(replace DIR)] [(rev
// REV[, modified])] GOVERSION". VERSION is stamp when set, else etlgen's
// module version (the main module when etlgen is built itself or as a
// tool, the dependency when etlgen is linked into another program), else
// "(devel)". A module replaced by a directory has no version of its own:
// the version go.mod requires is not what was built.
func versionText(stamp string, bi *debug.BuildInfo, ok bool) string {
	v, goVersion := "(devel)", runtime.Version()
	var replace, rev, modified string
	if ok && bi != nil {
		if m := etlgenModuleOf(bi); m != nil {
			v, replace = moduleVersion(*m)
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		rev, modified = vcsRevision(bi.Settings)
	}
	if stamp != "" {
		v = stamp
	}
	out := "etlgen " + v
	if replace != "" {
		out += " (replace " + replace + ")"
	}
	if rev != "" {
		out += " (rev " + rev
		if modified == "true" {
			out += ", modified"
		}
		out += ")"
	}
	return out + " " + goVersion
}

// moduleVersion returns the version of a module, "(devel)" when it has
// none, and the directory that replaces it, if any.
func moduleVersion(m debug.Module) (version, replaceDir string) {
	if r := m.Replace; r != nil {
		if r.Version == "" || r.Version == "(devel)" {
			return "(devel)", r.Path
		}
		m = *r
	}
	if m.Version == "" {
		return "(devel)", ""
	}
	return m.Version, ""
}

// vcsRevision returns the vcs.revision and vcs.modified build settings.
func vcsRevision(settings []debug.BuildSetting) (rev, modified string) {
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	return rev, modified
}

// etlgenModuleOf returns etlgen's module in the build info: the main
// module, or a dependency; nil when it is neither.
func etlgenModuleOf(bi *debug.BuildInfo) *debug.Module {
	if bi.Main.Path == etlgenModule || bi.Main.Path == "" {
		return &bi.Main
	}
	for _, d := range bi.Deps {
		if d.Path == etlgenModule {
			return d
		}
	}
	return nil
}
