package localengine

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// TestCheckpointRecovery: offsets/N is written before batch N runs and
// commits/N after; a batch that crashed before its commit is re-run on
// restart with the offsets, watermark and timestamp it logged, and the
// sink skips what it already wrote.
func TestCheckpointRecovery(t *testing.T) {
	plan := countPlan(&ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"}, "0s")
	h := newHarness(t, pipelineDoc(plan, windowOut, []string{"in"}), "append")
	q := h.eng.Queries[0]
	h.add("in", "a", "1", "2026-07-15T10:00:00Z")
	h.run() // batch 0, then a no-data batch 1 (watermark 10:00)
	h.add("in", "a", "2", "2026-07-15T11:30:00Z")
	if ok, err := q.Crash(); !ok || err != nil {
		t.Fatalf("crash: %v %v", ok, err)
	}
	cp := q.Checkpoint
	exists := func(kind, n string) bool { _, err := os.Stat(filepath.Join(cp, kind, n)); return err == nil }
	if !exists("offsets", "2") || exists("commits", "2") || !exists("commits", "1") {
		t.Fatalf("after the crash: offsets/2 %v commits/2 %v commits/1 %v; want true false true",
			exists("offsets", "2"), exists("commits", "2"), exists("commits", "1"))
	}
	before := h.rows("out")
	h.now = h.now.Add(3600e9) // a later clock must not change the re-run batch
	h.open()
	q = h.eng.Queries[0]
	if !q.Recovered || q.NextBatch() != 2 {
		t.Fatalf("recovered %v, next batch %d; want true, 2", q.Recovered, q.NextBatch())
	}
	p, ok, err := q.RunBatch()
	if err != nil || !ok {
		t.Fatalf("re-run: %v %v", ok, err)
	}
	if p.BatchID != 2 || p.InputRows != 1 || !p.Skipped {
		t.Errorf("re-run progress = %+v; want batch 2, 1 input row, skipped by the sink", p)
	}
	if diff := cmp.Diff(before, h.rows("out")); diff != "" {
		t.Errorf("the re-run changed the table (-before +after):\n%s", diff)
	}
	var ol OffsetLog
	if err := (checkpoint{dir: cp}).readJSON("offsets", 2, &ol); err != nil {
		t.Fatal(err)
	}
	if ol.Sources["in"].N != 2 || ol.BatchWatermarkMs != at("2026-07-15T10:00:00Z").UnixMilli() {
		t.Errorf("offsets/2 = %+v", ol)
	}
}

// retentionHarness runs a stateful query (a running count per key, update
// mode into a table merged on k) for n batches of one event each, key
// "a" or "b" in turn.
func retentionHarness(t *testing.T, n int) *harness {
	t.Helper()
	plan := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{input("in")}, GroupBy: []*ir.Expr{col("k")},
		Aggs: []ir.NamedExpr{{Name: "n", Expr: agg("count", col("v"))}, {Name: "total", Expr: agg("sum", col("v"))}}}
	out := contract("cnt", field("k", tString), field("n", tInt64), field("total", tInt64))
	h := newHarness(t, pipelineDoc(plan, out, []string{"in"}), "update", "k")
	for i := 0; i < n; i++ {
		h.add("in", string(rune('a'+i%2)), "1", "2026-07-15T10:00:00Z")
		if _, ok, err := h.eng.Queries[0].RunBatch(); err != nil || !ok {
			t.Fatalf("batch %d: %v %v", i, ok, err)
		}
	}
	return h
}

// logIDs lists the batch ids of a checkpoint log.
func logIDs(t *testing.T, dir, kind string) (first, last int64, count int) {
	t.Helper()
	ids, err := checkpoint{dir: dir}.ids(kind)
	if err != nil {
		t.Fatal(err)
	}
	if len(ids) == 0 {
		return -1, -1, 0
	}
	return ids[0], ids[len(ids)-1], len(ids)
}

// TestCheckpointRetention: after batch n commits, the offsets and commits
// of batches up to n-MinBatchesToRetain are deleted
// (spark.sql.streaming.minBatchesToRetain), and the state files older
// than the snapshot the oldest retained batch's state starts from (a
// snapshot every DefaultSnapshotInterval batches: 9, 19, ...); a restart
// resumes from the last commit exactly.
func TestCheckpointRetention(t *testing.T) {
	tests := []struct {
		batches              int
		first, last          int64
		deltas, snaps, snapN int64 // first delta, first snapshot, snapshots
	}{
		{50, 0, 49, 0, 9, 5},
		{MinBatchesToRetain, 0, MinBatchesToRetain - 1, 0, 9, 10},
		{MinBatchesToRetain + 1, 1, MinBatchesToRetain, 0, 9, 10},
		{250, 250 - MinBatchesToRetain, 249, 150, 149, 11},
	}
	for _, tc := range tests {
		t.Run(strconv.Itoa(tc.batches), func(t *testing.T) {
			h := retentionHarness(t, tc.batches)
			q := h.eng.Queries[0]
			cp := q.Checkpoint
			for _, kind := range []string{"offsets", "commits"} {
				first, last, count := logIDs(t, cp, kind)
				if first != tc.first || last != tc.last || int64(count) != tc.last-tc.first+1 {
					t.Errorf("%s: batches %d..%d (%d files); want %d..%d", kind, first, last, count, tc.first, tc.last)
				}
			}
			if err := q.snap.wait(); err != nil {
				t.Fatal(err)
			}
			sf, err := q.cp.stateFiles()
			if err != nil {
				t.Fatal(err)
			}
			var snaps []int64
			for s := tc.snaps; s <= tc.last; s += DefaultSnapshotInterval {
				snaps = append(snaps, s)
			}
			if d := sf.deltas; len(d) == 0 || d[0] != tc.deltas || d[len(d)-1] != tc.last || int64(len(d)) != tc.last-tc.deltas+1 {
				t.Errorf("state deltas %v; want %d..%d", d, tc.deltas, tc.last)
			}
			if !cmp.Equal(sf.snapshots, snaps) || int64(len(snaps)) != tc.snapN {
				t.Errorf("state snapshots %v; want %v", sf.snapshots, snaps)
			}
			h.open() // restart: reads the last offsets, commit, snapshot and deltas only
			q = h.eng.Queries[0]
			if !q.Recovered || q.NextBatch() != int64(tc.batches) {
				t.Fatalf("recovered %v, next batch %d; want true, %d", q.Recovered, q.NextBatch(), tc.batches)
			}
			h.add("in", "a", "5", "2026-07-15T10:00:00Z")
			p, ok, err := q.RunBatch()
			if err != nil || !ok || p.BatchID != int64(tc.batches) {
				t.Fatalf("batch after the restart: %+v %v %v", p, ok, err)
			}
			a := (tc.batches + 1) / 2 // events of key a before the restart
			want := []string{
				`{"k":"a","n":` + strconv.Itoa(a+1) + `,"total":` + strconv.Itoa(a+5) + `}`,
				`{"k":"b","n":` + strconv.Itoa(tc.batches/2) + `,"total":` + strconv.Itoa(tc.batches/2) + `}`,
			}
			if diff := cmp.Diff(want, sorted(h.rows("out"))); diff != "" {
				t.Errorf("after the restart (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCheckpointRetentionReplay: a batch whose offsets, previous offsets
// and previous state are retained replays; an older one fails with
// ErrBatchPruned, as Spark cannot replay it either.
func TestCheckpointRetentionReplay(t *testing.T) {
	h := retentionHarness(t, 250)
	q := h.eng.Queries[0]
	tests := []struct {
		batch  int64
		pruned bool
	}{
		{249, false},
		{151, false}, // the oldest replayable: offsets/150 and state/150 are kept
		{150, true},  // its offsets are kept, but not those of batch 149 nor the state after it
		{10, true},
		{0, true},
	}
	for _, tc := range tests {
		t.Run(strconv.FormatInt(tc.batch, 10), func(t *testing.T) {
			rep, err := q.Replay(tc.batch)
			if tc.pruned {
				if !errors.Is(err, ErrBatchPruned) {
					t.Fatalf("replay: err = %v; want ErrBatchPruned", err)
				}
				return
			}
			if err != nil {
				t.Fatalf("replay: %v", err)
			}
			k := string(rune('a' + tc.batch%2))
			n := strconv.FormatInt(tc.batch/2+1, 10)
			want := []string{`{"k":"` + k + `","n":` + n + `,"total":` + n + `}`}
			got := make([]string, len(rep.Rows))
			for i, r := range rep.Rows {
				got[i] = string(EncodeRow(q.Schema(), r))
			}
			if diff := cmp.Diff(want, got); diff != "" || !rep.Skipped {
				t.Errorf("replay skipped %v; rows (-want +got):\n%s", rep.Skipped, diff)
			}
		})
	}
}

// TestCheckpointRetentionSeenFiles: the files named by pruned offsets are
// folded into sources/seen.json before the offsets go, so a file source
// does not read them again after a restart.
func TestCheckpointRetentionSeenFiles(t *testing.T) {
	cp := checkpoint{dir: t.TempDir()}
	const keep = 3
	for n := int64(0); n < 8; n++ {
		ol := OffsetLog{BatchID: n, Sources: map[string]Offset{"in": {N: n + 1, Files: []string{"f" + strconv.FormatInt(n, 10) + ".json"}}, "mem": {N: n}}}
		if err := cp.writeJSON("offsets", n, ol); err != nil {
			t.Fatal(err)
		}
		if err := cp.writeJSON("commits", n, CommitLog{}); err != nil {
			t.Fatal(err)
		}
		if err := cp.prune(n, keep); err != nil {
			t.Fatal(err)
		}
	}
	seen, err := cp.readSeen()
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{"in": {"f0.json", "f1.json", "f2.json", "f3.json", "f4.json"}}
	if diff := cmp.Diff(want, seen); diff != "" {
		t.Errorf("seen.json (-want +got):\n%s", diff)
	}
	for _, kind := range []string{"offsets", "commits"} {
		if first, last, _ := logIDs(t, cp.dir, kind); first != 5 || last != 7 {
			t.Errorf("%s: batches %d..%d; want 5..7", kind, first, last)
		}
	}
	// a restart marks the pruned and the retained files seen: only a new file is read
	dir := t.TempDir()
	for i := 0; i <= 8; i++ {
		if err := os.WriteFile(filepath.Join(dir, "f"+strconv.Itoa(i)+".json"), []byte("{}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fs := &FileSource{Dir: dir}
	q := &Query{cp: cp, sources: map[string]Stream{"in": fs}}
	if err := q.recoverSeen(); err != nil {
		t.Fatal(err)
	}
	end, ok, err := fs.Next(Offset{N: 8})
	if err != nil || !ok || !cmp.Equal(end.Files, []string{"f8.json"}) {
		t.Errorf("next after the restart = %+v %v %v; want f8.json only", end, ok, err)
	}
}
