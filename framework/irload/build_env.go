package irload

import (
	"runtime"
	"slices"
	"strconv"
	"strings"
)

// buildGOGC is the garbage collector's target percentage for the go
// command that builds the program (and the compiler and linker it runs):
// at the default 100 the go command collects its package graph again and
// again. At 800 the program's build after an edit of the scaffold took
// 0.92 s of CPU against 0.96 s (medians of 5 interleaved rounds at load
// 24), its peak RSS 90 MB against 85 MB: the heap may grow to 9× what is
// live, never without bound as GOGC=off would. Above 800 nothing more
// is saved (2000 and off: the same CPU, peak RSS 95 MB).
const buildGOGC = "800"

// buildGOMAXPROCS is the go command's, the compiler's and the linker's
// GOMAXPROCS for the program's build: after an edit the build compiles
// the edited package and the program's main and links, one after the
// other, and every extra P only spins, runs idle GC mark workers and
// splits the compiler's backend (-c) for a few functions. One P each
// saved 44 and 62 ms of CPU of a build of 0.75 s (the scaffold's program
// after an edit, medians of 7 interleaved rounds, two sets at load 4–7)
// and no wall time; buildArgs keeps the go command's process parallelism
// (-p), so a cold build still compiles packages side by side (the
// program's from an empty GOCACHE: 18.1 s CPU and 28.7 s wall against
// 20.7 s and 38.4 s, one run each at load 8). A large package compiled
// alone on a many-core machine loses the backend's parallelism: its
// compile takes more wall time and less CPU.
const buildGOMAXPROCS = "1"

// buildDefaults are the variables buildEnv adds, each unless the user
// set one of the variables listed with it (the user's choice stands).
// None is part of a build action's key, so packages compiled by the
// user's go build and go test are reused.
var buildDefaults = []struct {
	set    string
	unless []string
}{
	{"GOGC=" + buildGOGC, []string{"GOGC", "GOMEMLIMIT"}},
	{"GOMAXPROCS=" + buildGOMAXPROCS, []string{"GOMAXPROCS"}},
}

// buildEnv is the go command's environment for the program's build:
// environ with buildDefaults.
func buildEnv(environ []string) []string {
	env := slices.Clip(environ)
	for _, d := range buildDefaults {
		if !slices.ContainsFunc(environ, func(kv string) bool { return setsAny(kv, d.unless) }) {
			env = append(env, d.set)
		}
	}
	return env
}

// setsAny reports whether kv (NAME=value) sets one of names.
func setsAny(kv string, names []string) bool {
	name, _, ok := strings.Cut(kv, "=")
	return ok && slices.Contains(names, name)
}

// parallelism is the go command's -p for the program's build: the
// number of packages it compiles at once, what it would have chosen with
// etlgen's GOMAXPROCS (the CPUs etlgen may use), or nothing when GOFLAGS
// sets -p (the user's choice stands).
func parallelism(goflags string) []string {
	for _, f := range strings.Fields(goflags) {
		if f == "-p" || f == "--p" || strings.HasPrefix(f, "-p=") || strings.HasPrefix(f, "--p=") {
			return nil
		}
	}
	return []string{"-p=" + strconv.Itoa(runtime.GOMAXPROCS(0))}
}
