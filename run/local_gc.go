package run

import (
	"os"
	"runtime/debug"
)

// localGCPercent is the garbage collector's target during a local run: a
// collection when the heap has grown by half the live heap, not Go's
// default of all of it, so that a batch's peak RSS stays within 3× its
// input bytes and state (docs/run.md, "Memory"; measured by make bench,
// BenchmarkLocalBatchMemory) for a few percent more CPU.
const localGCPercent = 50

// tightenGC sets localGCPercent unless the environment sets GOGC, and
// returns what puts the previous setting back.
func tightenGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	old := debug.SetGCPercent(localGCPercent)
	return func() { debug.SetGCPercent(old) }
}
