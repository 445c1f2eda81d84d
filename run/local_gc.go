package run

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"sync"
)

// localGCPercent is the garbage collector's target during a local run: a
// collection when the heap has grown by half the live heap, not Go's
// default of all of it, so that a batch's peak RSS stays within 3× its
// input bytes and state (docs/run.md, "Memory"; measured by make bench,
// BenchmarkLocalBatchMemory) for a few percent more CPU.
const localGCPercent = 50

// localGCHeadroom is the least the heap grows between two collections of
// a local run: with a small live heap (small batches and state, where the
// process itself weighs most) half the live heap is a few megabytes, and
// the run collected garbage every few thousand events. The headroom adds
// at most this much to the peak RSS, and nothing once half the live heap
// is larger (64 MiB of it). 32 MiB rather than 16: the example's 200k
// events in 10 batches take 8 collections instead of 13, 2–9 % less CPU
// (scripts/bench/local_ab.sh), for 16–21 MB more peak RSS (57–61 → 75–78
// MB; docs/testkit.md, "Benchmarks").
const localGCHeadroom = 32 << 20

// gcPercent is the GOGC that gives a live heap of live bytes
// localGCPercent of growth, or localGCHeadroom when that is more.
func gcPercent(live uint64) int {
	if live == 0 || live*localGCPercent/100 >= localGCHeadroom {
		return localGCPercent
	}
	return int((localGCHeadroom*100 + live - 1) / live)
}

// tightenGC sets the local run's collection target (gcPercent of the live
// heap, set again after every collection) unless the environment sets
// GOGC, and returns what puts the previous setting back.
func tightenGC() (restore func()) {
	if _, set := os.LookupEnv("GOGC"); set {
		return func() {}
	}
	t := &gcTuner{old: debug.SetGCPercent(localGCPercent)}
	t.arm()
	return t.stop
}

// gcTuner sets the GOGC of the live heap after every collection until
// stopped: an object with a finalizer, made again each time, is collected
// (and its finalizer run) once per cycle.
type gcTuner struct {
	mu      sync.Mutex
	old     int
	stopped bool
}

type gcSentinel struct{ t *gcTuner }

func (t *gcTuner) arm() {
	runtime.SetFinalizer(&gcSentinel{t}, func(s *gcSentinel) {
		if s.t.tune() {
			s.t.arm()
		}
	})
}

// tune sets the GOGC of the live heap; false once stopped.
func (t *gcTuner) tune() bool {
	live := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(live)
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.stopped {
		return false
	}
	if live[0].Value.Kind() == metrics.KindUint64 {
		debug.SetGCPercent(gcPercent(live[0].Value.Uint64()))
	}
	return true
}

// stop puts the setting before tightenGC back.
func (t *gcTuner) stop() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.stopped = true
	debug.SetGCPercent(t.old)
}
