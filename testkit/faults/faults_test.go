package faults

import (
	"flag"
	"fmt"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/localengine"
)

// envInt is the integer in the environment variable name, else def.
func envInt(name string, def int64) int64 {
	if n, err := strconv.ParseInt(os.Getenv(name), 10, 64); err == nil {
		return n
	}
	return def
}

var (
	seedFlag   = flag.Int64("seed", envInt("ETLGEN_FAULTS_SEED", 1), "seed of the first fault trial (env ETLGEN_FAULTS_SEED)")
	faultsFlag = flag.Int64("faults", envInt("ETLGEN_FAULTS", 60), "how many fault trials to run, seeds seed, seed+1, … (env ETLGEN_FAULTS)")
)

// runTimeout bounds the run after a fault: longer is a hang.
const runTimeout = 2 * time.Minute

// codedError is an error code of the local engine at run time.
var codedError = regexp.MustCompile(`ETL-K5\d\d`)

// TestFaults injects one fault per trial into a file the local engine
// wrote (offsets, commits, state deltas and snapshots, checkpoint metadata,
// manifest and lock, sink logs, part files): between two runs, after a
// batch that crashed before its commit, or between two micro-batches of a
// run. The run goes on (or runs again) and the sinks are read as
// `etlgen show` reads them, then the pipeline runs once more and they are
// read again: each time the rows must be exactly the clean run's, or the
// run (or the read) must fail with an ETL-K5xx code naming the file.
// Never different rows, a panic or a hang.
func TestFaults(t *testing.T) {
	tally := map[string]int{}
	for i := range *faultsFlag {
		seed := *seedFlag + i
		t.Run("seed="+strconv.FormatInt(seed, 10), func(t *testing.T) {
			tally[trial(t, seed)]++
		})
	}
	var lines []string
	for _, k := range slices.Sorted(maps.Keys(tally)) {
		lines = append(lines, fmt.Sprintf("  %-70s %d", k, tally[k]))
	}
	t.Logf("%d faults from seed %d, outcomes by file, fault, when and result:\n%s", *faultsFlag, *seedFlag, strings.Join(lines, "\n"))
}

// stateMidRun is what the seeds of a state fault mid-run found.
const stateMidRun = "state delta or snapshot corrupted mid-run: the error named the wrong file or said K536 (garbage over the trailer read as a file written before trailers)"

// tmpRace is what the seeds of a harness race found.
const tmpRace = "harness race: a fault drawn on a temporary file the engine renamed or removed"

// regressions are seeds of `make faults` runs that found a fault the
// engine did not survive, with what they found; TestFaultRegressions
// re-runs them. A mid-run trial's file is drawn from what the engine wrote
// so far, which depends on when its background state snapshot lands, so
// a seed may draw another file on another run.
var regressions = []struct {
	seed  int64
	found string
}{
	{417, "sink log deleted mid-run: later batches were logged after the gap, show read fewer rows with no error"},
	{660, "sink log's last newline flipped mid-run: the next batch's line merged with it, rows lost with no error"},
	{1163, "sink log deleted mid-run: fewer rows with no error"},
	{1521, "sink log deleted or corrupted mid-run: other rows with no error"},
	{147, "garbage over a state delta mid-run: read as a file written before trailers, K536 naming the snapshot being merged"},
	{153, stateMidRun},
	{628, stateMidRun},
	{769, stateMidRun},
	{1182, stateMidRun},
	{1318, stateMidRun},
	{1399, stateMidRun},
	{1635, stateMidRun},
	{1745, stateMidRun},
	{1837, stateMidRun},
	{1962, stateMidRun},
	{1248, "manifest.json corrupted: ETL-X601 (grouping keys changed) instead of a K-code naming it"},
	{888, tmpRace},
	{1772, tmpRace},
}

// TestFaultRegressions re-runs the trials of the seeds in regressions:
// each must give the clean run's rows or a coded error naming its file.
func TestFaultRegressions(t *testing.T) {
	for _, r := range regressions {
		t.Run("seed="+strconv.FormatInt(r.seed, 10), func(t *testing.T) {
			t.Logf("found before: %s; now: %s", r.found, trial(t, r.seed))
		})
	}
}

// When a fault is injected.
const (
	betweenRuns   = "between runs"
	afterCrash    = "after a crash"
	betweenBatchs = "mid-run"
)

// trial runs one seeded trial and returns its tally key (file class, fault
// kind, when, outcome); it fails t with the seed, the file, the fault and
// its offset.
func trial(t *testing.T, seed int64) string {
	rng := rand.New(rand.NewPCG(uint64(seed), 0x5eed))
	pipe := pipelines[rng.IntN(len(pipelines))]
	split := 1 + rng.IntN(inputFiles-1)
	when := []string{betweenRuns, afterCrash, betweenBatchs}[rng.IntN(3)]
	files := events(rng)
	clean := &setup{dir: t.TempDir(), pipe: pipe.p, sinks: pipe.sinks, files: files}
	faulty := &setup{dir: t.TempDir(), pipe: pipe.p, sinks: pipe.sinks, files: files}
	for _, s := range []*setup{clean, faulty} {
		if err := s.first(split, when == afterCrash); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
	}
	want, err := clean.second(split, nil)
	if err != nil {
		t.Fatalf("seed %d: clean run: %v", seed, err)
	}
	in := &injector{t: t, rng: rng, s: faulty, at: 1 + rng.IntN(inputFiles-split+1)}
	if when != betweenBatchs {
		in.inject()
	}
	got, err := within(runTimeout, func() (map[string][]string, error) { return faulty.second(split, in.onBatch) })
	if !in.done {
		when = betweenRuns // the run had fewer batches: the fault goes in after it
		in.inject()
		if err == nil {
			got, err = within(runTimeout, faulty.again)
		}
	}
	where := fmt.Sprintf("seed %d (%s, inputs split after %d, fault %s; re-run: go test ./testkit/faults -run TestFaults -seed %d -faults 1): %s",
		seed, pipe.p.ID(), split, when, seed, in.f)
	key := class(in.f.Path) + " " + string(in.f.Kind) + " " + when + ": "
	outcome, ok := judge(t, where, want, got, err, in.f.Path, faulty.owner(in.f.Path))
	if !ok || err != nil {
		return key + outcome
	}
	got, err = within(runTimeout, faulty.again)
	outcome, _ = judge(t, where+", on the run after", want, got, err, in.f.Path, faulty.owner(in.f.Path))
	return key + "same rows, then " + outcome
}

// injector injects the trial's fault: before a run, or after the at-th
// batch of one.
type injector struct {
	t       *testing.T
	rng     *rand.Rand
	s       *setup
	at, ran int
	done    bool
	f       Fault
}

// onBatch injects the fault after the at-th batch.
func (in *injector) onBatch(*localengine.Progress) {
	if in.ran++; in.ran == in.at && !in.done {
		in.inject()
	}
}

// inject draws a file the engine wrote and a fault, and injects it.
func (in *injector) inject() {
	written, err := in.s.written()
	if err != nil {
		in.t.Fatal(err)
	}
	path := written[in.rng.IntN(len(written))]
	f, err := Inject(in.rng, path, Kinds[in.rng.IntN(len(Kinds))])
	in.f, in.done = f, true
	in.t.Cleanup(func() {
		if err := f.Undo(); err != nil {
			in.t.Error(err)
		}
	})
	if err != nil {
		in.t.Errorf("%v", err)
	}
}

// judge checks a run's rows and error against the clean run's rows: the
// same rows, or an ETL-K5xx error naming the file at path. It returns the
// outcome and whether it is one of those.
func judge(t *testing.T, where string, want, got map[string][]string, err error, path, owner string) (string, bool) {
	t.Helper()
	switch {
	case err == nil && !cmp.Equal(want, got):
		t.Errorf("%s: the run gave other rows than the clean run, with no error (-clean +faulty):\n%s", where, cmp.Diff(want, got))
		return "DIFFERENT ROWS", false
	case err == nil:
		return "same rows", true
	case !codedError.MatchString(err.Error()):
		t.Errorf("%s: an error without an ETL-K5xx code: %v", where, err)
		return "UNCODED ERROR", false
	case !names(err.Error(), path, owner):
		t.Errorf("%s: the error does not name the file: %v", where, err)
		return "ERROR NOT NAMING THE FILE", false
	}
	return codedError.FindString(err.Error()), true
}

// within runs fn, failing on a panic, or when it outlives d (a hang).
func within(d time.Duration, fn func() (map[string][]string, error)) (map[string][]string, error) {
	type result struct {
		rows map[string][]string
		err  error
	}
	done := make(chan result, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				done <- result{err: fmt.Errorf("PANIC: %v", p)}
			}
		}()
		rows, err := fn()
		done <- result{rows, err}
	}()
	select {
	case r := <-done:
		return r.rows, r.err
	case <-time.After(d):
		return nil, fmt.Errorf("HANG: the run did not end within %s", d)
	}
}

// names reports whether msg names the file at path: its path, or its
// owner's (sink directory or checkpoint) and its path within it.
func names(msg, path, owner string) bool {
	rel, err := filepath.Rel(owner, path)
	return strings.Contains(msg, path) || err == nil && strings.Contains(msg, owner) && strings.Contains(msg, rel)
}

// class is the kind of file path is, for the tally.
func class(path string) string {
	dir, base := filepath.Base(filepath.Dir(path)), filepath.Base(path)
	switch {
	case dir == "_etlgen_sink":
		return "sink-log"
	case strings.HasPrefix(base, "part-"):
		return "part-file"
	case dir == "state" && strings.HasSuffix(base, ".snapshot"):
		return "state-snapshot"
	case dir == "state":
		return "state-delta"
	case dir == "offsets" || dir == "commits":
		return dir
	}
	return base
}
