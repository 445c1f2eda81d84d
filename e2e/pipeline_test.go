package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/orders"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

var day = time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC)

func at(hhmm string) time.Time {
	t, err := time.Parse("15:04", hhmm)
	if err != nil {
		panic(err)
	}
	return day.Add(time.Duration(t.Hour())*time.Hour + time.Duration(t.Minute())*time.Minute)
}

// TestPipelineAvailableNow runs the order-streaming example with the
// available-now trigger four times on one checkpoint: a first run (valid and
// invalid events), a restart with new events (nothing reprocessed), a run
// with events behind the watermark (routed to the late table) and a forced
// replay of the last batch (the targets do not change). After every run the
// three tables must equal what the test computes in Go. Its state store is
// RocksDB (execution.state_store: rocksdb; every other live run of the
// example has the default HDFS-backed one): the same tables as on the
// default store, and the checkpoint records the RocksDB provider, whose
// state directory holds changelog files, not delta files
// (checkRocksDBState). Each run's start line says how each query starts
// (fresh, then checkpoint-recovery), and a MERGE's output_rows are the
// target rows it inserted or updated.
func TestPipelineAvailableNow(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	e := newPipelineEnv(t, envOptions{StateStore: "rocksdb"})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	prog := e.compile(ctx, "{type: available-now}")
	starts := e.recordStarts()

	// Events 10:00–11:57 and 12 invalid payloads; watermark after: 11:42.
	bad := invalidCases(t, 12)
	e.produce(ctx, e.events(40, at("10:00"), 3*time.Minute), false, bad)
	res := e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)
	checkStarts(t, "first run", starts, "fresh")
	// output_rows: the rows each batch's Delta commit wrote.
	if n := outputRowsOf(res, "rejected_order_events"); n != int64(len(bad)) {
		t.Errorf("first run: the quarantine query reports %d rows written, want %d", n, len(bad))
	}
	windows := e.wantWindows()
	if n := outputRowsOf(res, "customer_order_windows"); n != int64(len(windows)) {
		t.Errorf("first run: the windows query reports %d target rows written, want %d (every window inserted)", n, len(windows))
	}
	if t.Failed() {
		t.FailNow()
	}

	// Restart from the checkpoint with new events 12:00–12:57: a reprocessed
	// event would count twice, a re-appended rejection would show twice.
	e.produce(ctx, e.events(20, at("12:00"), 3*time.Minute), false, invalidCases(t, 3))
	res = e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)
	checkStarts(t, "restart", starts, "checkpoint-recovery")
	// The MERGE wrote the windows that are new or changed (count, total).
	changed := len(slices.DeleteFunc(e.wantWindows(), func(w string) bool { return slices.Contains(windows, w) }))
	if n := outputRowsOf(res, "customer_order_windows"); n != int64(changed) {
		t.Errorf("restart: the windows query reports %d target rows written, want %d (windows inserted or updated)", n, changed)
	}
	if t.Failed() {
		t.FailNow()
	}

	// Paid events whose 1h window ended (11:00) before the watermark of any
	// earlier batch (11:42 or later) are dropped by Spark and routed to the
	// late table; new on-time events 13:00– still count.
	late := lateEvents(e, []string{"10:05", "10:20", "10:40"})
	e.produce(ctx, late, true, nil)
	e.produce(ctx, e.events(10, at("13:00"), 3*time.Minute), false, nil)
	res = e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)
	// The late output got each late event; Spark's drop count is by group
	// (customer and window: its state operator sees partial aggregates).
	groups := map[string]bool{}
	for _, ev := range late {
		groups[fmt.Sprint(ev.CustomerID, ev.EventTime.Truncate(windowSize))] = true
	}
	var dropped, lateRows int64
	for _, b := range res.Batches {
		if b.Query == "customer_order_windows" {
			dropped += b.DroppedByWatermark
			if b.LateRows != nil {
				lateRows += *b.LateRows
			}
		}
	}
	if lateRows != int64(len(late)) || dropped != int64(len(groups)) {
		t.Errorf("late run: the batches report %d late rows and %d rows dropped by the watermark; want %d and %d (groups of the late events)",
			lateRows, dropped, len(late), len(groups))
	}
	if t.Failed() {
		t.FailNow()
	}

	// Force a replay: delete the newest commits/N of each query, rerun. The
	// batch runs again with the same offsets; the idempotent writes change
	// nothing.
	versions := e.tableVersions(ctx)
	replayed := forceReplay(t, e.checkpointRoot)
	t.Logf("replaying %v", replayed)
	res = e.runToEnd(ctx, prog)
	if got := e.tableVersions(ctx); !slices.Equal(got, versions) {
		t.Errorf("table versions after the replay %v, before %v: a replayed batch wrote again", got, versions)
	}
	for _, commit := range replayed {
		// The replayed batch has a batch line (made from the checkpoint when
		// Spark reports no progress for it), marked as a replay, with no
		// rows written (Delta skipped the writes as already committed).
		query := filepath.Base(filepath.Dir(filepath.Dir(commit)))
		n, _ := strconv.ParseInt(filepath.Base(commit), 10, 64)
		if b := batchLine(res, query, n); b == nil {
			t.Errorf("the replay run has no batch line for %s batch %d", query, n)
		} else if !b.Replay || b.OutputRows == nil || *b.OutputRows != 0 {
			t.Errorf("the replayed batch line of %s batch %d: replay %v, output_rows %v; want true, 0", query, n, b.Replay, b.OutputRows)
		}
		// Spark writes commits/N again once it has re-run batch N.
		if _, err := os.Stat(commit); err != nil {
			ents, _ := os.ReadDir(filepath.Dir(commit))
			var names []string
			for _, en := range ents {
				names = append(names, en.Name())
			}
			t.Errorf("the replay run did not commit the replayed batch again: %v (commits/ holds %v)", err, names)
		}
	}
	e.checkOutputs(ctx)
	checkRocksDBState(t, e.checkpointRoot)
}

// recordStarts has the env's runs record how each query starts (its start
// line: fresh, checkpoint-recovery, ...): the returned map, by query,
// holds the last run's.
func (e *pipelineEnv) recordStarts() *startKinds {
	k := &startKinds{by: map[string]string{}}
	e.onEvent = func(ev events.Event) {
		if ev.Kind != "start" {
			return
		}
		var st struct {
			Queries []struct{ Name, Start string }
		}
		_ = json.Unmarshal(ev.Raw, &st)
		k.mu.Lock()
		defer k.mu.Unlock()
		for _, q := range st.Queries {
			k.by[q.Name] = q.Start
		}
	}
	return k
}

// startKinds are the starts of the queries of a run, by query.
type startKinds struct {
	mu sync.Mutex
	by map[string]string
}

// checkStarts fails unless each query of the example that commits
// batches started as want.
func checkStarts(t *testing.T, what string, k *startKinds, want string) {
	t.Helper()
	k.mu.Lock()
	defer k.mu.Unlock()
	for _, q := range []string{"customer_order_windows", "rejected_order_events"} {
		if k.by[q] != want {
			t.Errorf("%s: query %s started %q, want %q", what, q, k.by[q], want)
		}
	}
}

// tableVersions is the newest version of each of the three tables.
func (e *pipelineEnv) tableVersions(ctx context.Context) []string {
	e.t.Helper()
	var out []string
	for _, table := range []string{e.curated, e.rejected, e.late} {
		rows := e.spark.Rows(ctx, "DESCRIBE HISTORY "+table+" LIMIT 1")
		if len(rows) != 1 {
			e.t.Fatalf("DESCRIBE HISTORY %s: %d rows", table, len(rows))
		}
		out = append(out, table+" "+str(rows[0].Value("version")))
	}
	return out
}

// outputRowsOf sums the output_rows of a query's batch lines.
func outputRowsOf(res *sparkrun.Result, query string) int64 {
	var n int64
	for _, b := range res.Batches {
		if b.Query == query && b.OutputRows != nil {
			n += *b.OutputRows
		}
	}
	return n
}

// batchLine returns the batch line of a query's batch n, or nil.
func batchLine(res *sparkrun.Result, query string, n int64) *events.Batch {
	for i := range res.Batches {
		if b := &res.Batches[i]; b.Query == query && b.BatchID == n {
			return b
		}
	}
	return nil
}

// lateEvents makes paid events at the given times (in the test's day).
func lateEvents(e *pipelineEnv, times []string) []orders.Event {
	out := make([]orders.Event, len(times))
	for i, hhmm := range times {
		ev := e.events(1, at(hhmm), time.Minute)[0]
		ev.Status = "paid"
		out[i] = ev
	}
	return out
}

// TestPipelineProcessingTime runs the example with a processing-time
// trigger: events produced while the query runs show up in the tables, and
// SIGTERM stops the program gracefully (exit 0).
func TestPipelineProcessingTime(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	e := newPipelineEnv(t, envOptions{})
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	prog := e.compile(ctx, "{type: processing-time, interval: 5s}")

	e.produce(ctx, e.events(30, at("10:00"), 4*time.Minute), false, invalidCases(t, 5))
	r := e.start(ctx, prog)
	stopped := false
	defer func() {
		if !stopped {
			r.stop(t, ctx)
		}
	}()
	if !eventually(ctx, 6*time.Minute, func() bool { return e.outputsMatch(ctx) }) {
		stopped = true
		res := r.stop(t, ctx)
		e.checkOutputs(ctx)
		t.Fatalf("first events not in the tables within 6 min; program %s, exit %d, failure %+v; stderr:\n%s",
			res.Status, res.ExitCode, res.Failure, tail(r.stderr.String(), 40))
	}
	if st := r.h.Status(); st.State != "running" {
		t.Fatalf("program state %q after the first events, want running (processing-time keeps going)", st.State)
	}
	e.produce(ctx, e.events(15, at("12:00"), 4*time.Minute), false, invalidCases(t, 2))
	if !eventually(ctx, 4*time.Minute, func() bool { return e.outputsMatch(ctx) }) {
		t.Errorf("second events not in the tables within 4 min")
	}
	stopped = true
	res := r.stop(t, ctx)
	if res.ExitCode != 0 || res.Status != "stopped" {
		t.Errorf("after SIGTERM: status %q exit %d, want stopped, 0 (graceful); failure %+v; stderr:\n%s",
			res.Status, res.ExitCode, res.Failure, tail(r.stderr.String(), 40))
	}
	if len(res.Batches) < 2 {
		t.Errorf("%d batches, want at least 2 (one per wave of events)", len(res.Batches))
	}
	e.checkOutputs(ctx)
}

// TestPipelineS3 keeps the tables (by path) and the checkpoints on
// s3a://warehouse/e2e/<id>/ (versitygw through S3A).
func TestPipelineS3(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	e := newPipelineEnv(t, envOptions{S3: true})
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	prog := e.compile(ctx, "{type: available-now}")
	e.wave(ctx, prog, e.events(25, at("10:00"), 5*time.Minute), false, invalidCases(t, 6))
	e.wave(ctx, prog, e.events(10, at("12:10"), 5*time.Minute), false, nil)
	// The checkpoints are objects in the bucket (the gateway's POSIX backend).
	dir := os.Getenv("ETLGEN_STACK_DIR")
	if dir == "" {
		dir = filepath.Join(repoRoot, ".stack")
	}
	commits, _ := filepath.Glob(filepath.Join(dir, "s3", "data", "warehouse", "e2e", e.id, "checkpoints", "*", "*", "*", "*", "commits", "*"))
	if len(commits) == 0 {
		t.Errorf("no checkpoint commit under s3a://warehouse/e2e/%s/checkpoints", e.id)
	}
	t.Logf("%s", fmt.Sprint(len(commits), " commit objects on S3"))
}

// checkRocksDBState checks the checkpoint of a run on execution.state_store
// rocksdb: the newest offset log of the windows query records the RocksDB
// provider, and its state directory holds changelog files (changelog
// checkpointing), not the HDFS-backed store's delta files.
func checkRocksDBState(t *testing.T, root string) {
	t.Helper()
	var cp string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "customer_order_windows" && cp == "" {
			if _, serr := os.Stat(filepath.Join(p, "state")); serr == nil {
				cp = p
			}
		}
		return nil
	})
	if cp == "" {
		t.Fatalf("no checkpoint with state for customer_order_windows under %s", root)
	}
	n := newestBatch(t, filepath.Join(cp, "offsets"))
	data, err := os.ReadFile(filepath.Join(cp, "offsets", strconv.Itoa(n)))
	if err != nil {
		t.Fatal(err)
	}
	const provider = `"spark.sql.streaming.stateStore.providerClass":"org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider"`
	if !strings.Contains(string(data), provider) {
		t.Errorf("offsets/%d does not record the RocksDB provider:\n%s", n, data)
	}
	var changelogs, deltas int
	_ = filepath.WalkDir(filepath.Join(cp, "state"), func(p string, d os.DirEntry, err error) error {
		switch {
		case err != nil || d.IsDir() || strings.HasPrefix(d.Name(), "."):
		case strings.HasSuffix(d.Name(), ".changelog"):
			changelogs++
		case strings.HasSuffix(d.Name(), ".delta"):
			deltas++
		}
		return nil
	})
	if changelogs == 0 || deltas > 0 {
		t.Errorf("state of %s: %d changelog and %d delta files; want RocksDB changelogs only", cp, changelogs, deltas)
	}
}
