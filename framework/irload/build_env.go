package irload

import (
	"slices"
	"strings"
)

// buildGOGC is the garbage collector's target percentage for the go
// command that builds the program (and the compiler and linker it runs):
// at the default 100 the go command collects its package graph again and
// again. At 800 the program's build after an edit of the scaffold took
// 0.92 s of CPU against 0.96 s (medians of 5 interleaved rounds at load
// 24), its peak RSS 90 MB against 85 MB: the heap may grow to 9× what is
// live, never without bound as GOGC=off would.
const buildGOGC = "800"

// buildEnv is the go command's environment for the program's build:
// environ with GOGC=buildGOGC, unless environ sets GOGC or GOMEMLIMIT (the
// user's choice stands). Neither is part of a build action's key, so
// packages compiled by the user's go build and go test are reused.
func buildEnv(environ []string) []string {
	if slices.ContainsFunc(environ, func(kv string) bool {
		return strings.HasPrefix(kv, "GOGC=") || strings.HasPrefix(kv, "GOMEMLIMIT=")
	}) {
		return environ
	}
	return append(slices.Clip(environ), "GOGC="+buildGOGC)
}
