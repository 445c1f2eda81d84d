package cli

import (
	"context"
	"flag"
	"fmt"
	"runtime"
	"runtime/debug"
)

// versionCommand is `etlgen version` (and `etlgen --version`): the module
// version and VCS revision from the build info.
func versionCommand() command {
	return command{
		summary: "print the etlgen version and the VCS revision it was built from",
		usage:   []string{"etlgen version", "etlgen --version"},
		help: "Prints the etlgen module version (a release, a pseudo-version from go get -tool, or (devel)\n" +
			"for a build in a checkout), the VCS revision when the build recorded one, and the Go version.",
		flags: func(*flag.FlagSet) runFunc {
			return func(_ context.Context, e env, args []string) int {
				if len(args) > 0 {
					return e.usageError("unexpected argument %q", args[0])
				}
				bi, ok := debug.ReadBuildInfo()
				fmt.Fprintln(e.stdout, versionText(bi, ok))
				return ExitOK
			}
		},
	}
}

// etlgenModule is the module path of etlgen.
const etlgenModule = "github.com/etlgen/etlgen"

// versionText formats the build info: "etlgen VERSION [(rev REV[,
// modified])] GOVERSION". The version is etlgen's module: the main module
// when etlgen is built itself, the dependency when the binary is a user's
// tool built with etlgen in it.
func versionText(bi *debug.BuildInfo, ok bool) string {
	v, goVersion := "(devel)", runtime.Version()
	var rev, modified string
	if ok && bi != nil {
		if m := etlgenModuleOf(bi); m != nil && m.Version != "" {
			v = m.Version
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
	}
	out := "etlgen " + v
	if rev != "" {
		out += " (rev " + rev
		if modified == "true" {
			out += ", modified"
		}
		out += ")"
	}
	return out + " " + goVersion
}

// etlgenModuleOf returns etlgen's module in the build info: the main
// module, or a dependency (replaced or not); nil when it is neither.
func etlgenModuleOf(bi *debug.BuildInfo) *debug.Module {
	if bi.Main.Path == etlgenModule || bi.Main.Path == "" {
		return &bi.Main
	}
	for _, d := range bi.Deps {
		if d.Path == etlgenModule {
			if d.Replace != nil && d.Replace.Version != "" {
				return d.Replace
			}
			return d
		}
	}
	return nil
}
