package localengine

import (
	"bytes"
	"encoding/gob"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

// stateCase is a stateful query fed batch by batch with events of a few
// keys, time moving forward, so that its state gains, changes and (with
// evicts) loses keys between snapshots.
type stateCase struct {
	name   string
	doc    func() *ir.Document
	mode   string
	merge  []string
	inputs []string
	evicts bool // the watermark removes keys during the run
}

func stateCases() []stateCase {
	tumbling := &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "10m0s"}
	session := &ir.Window{Kind: ir.Session, TimeColumn: "t", Gap: "4m0s"}
	running := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{input("in")}, GroupBy: []*ir.Expr{col("k")},
		Aggs: []ir.NamedExpr{{Name: "n", Expr: agg("count", col("v"))}, {Name: "total", Expr: agg("sum", col("v"))}}}
	cnt := contract("cnt", field("k", tString), field("n", tInt64), field("total", tInt64))
	dedup := &ir.Node{Op: ir.OpDropDuplicatesWithinWM, Inputs: []*ir.Node{wm(input("in"), "t", "5m0s")}, Keys: []string{"k"}}
	return []stateCase{
		{name: "window append", mode: "append", inputs: []string{"in"}, evicts: true,
			doc: func() *ir.Document { return pipelineDoc(countPlan(tumbling, "0s"), windowOut, []string{"in"}) }},
		{name: "window update", mode: "update", merge: []string{"k", "window_start"}, inputs: []string{"in"}, evicts: true,
			doc: func() *ir.Document { return pipelineDoc(countPlan(tumbling, "5m0s"), windowOut, []string{"in"}) }},
		{name: "session append", mode: "append", inputs: []string{"in"}, evicts: true,
			doc: func() *ir.Document { return pipelineDoc(countPlan(session, "0s"), windowOut, []string{"in"}) }},
		{name: "running count", mode: "update", merge: []string{"k"}, inputs: []string{"in"},
			doc: func() *ir.Document { return pipelineDoc(running, cnt, []string{"in"}) }},
		{name: "dedup within watermark", mode: "append", inputs: []string{"in"}, evicts: true,
			doc: func() *ir.Document { return pipelineDoc(dedup, evOut, []string{"in"}) }},
		{name: "left join", mode: "append", inputs: []string{"l", "r"}, evicts: true,
			doc: func() *ir.Document { return pipelineDoc(joinPlan(ir.JoinLeft), joinOut, []string{"l", "r"}) }},
	}
}

// stateInterval is the snapshot interval of the state tests: with 13
// batches, snapshots after batches 2, 5, 8 and 11, and deltas after them.
const stateInterval = 3

func (c stateCase) harness(t *testing.T) *harness {
	t.Helper()
	h := &harness{t: t, doc: c.doc(), mode: c.mode, mergeKeys: c.merge, dir: t.TempDir(), env: &Env{},
		now:  time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC),
		exec: map[string]string{"state_snapshot_interval": strconv.Itoa(stateInterval)}}
	h.env.Clock = func() time.Time { return h.now }
	if len(c.merge) > 0 {
		h.env.Tables = map[string]*MemoryTable{"out": NewMemoryTable("out", TableMerge, c.merge)}
	}
	h.open()
	t.Cleanup(h.close)
	return h
}

// feed adds batch i's events (keys k0..k4 in turn, two minutes apart per
// batch) and runs one batch with data, then the no-data batches due.
func (c stateCase) feed(h *harness, i int) {
	h.t.Helper()
	ts := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC).Add(time.Duration(i) * 2 * time.Minute).Format(time.RFC3339)
	for j, in := range c.inputs {
		k := "k" + strconv.Itoa((i+j)%5)
		h.add(in, k, strconv.Itoa(i), ts, "k"+strconv.Itoa((i*3+j)%5), strconv.Itoa(i+1), ts)
	}
	for {
		p, ok, err := h.eng.Queries[0].RunBatch()
		if err != nil {
			h.t.Fatal(err)
		}
		if !ok {
			return
		}
		h.runs = append(h.runs, p)
	}
}

// state renders every stateful operator's state of the open query.
func state(h *harness) map[string][]string {
	h.t.Helper()
	q := h.eng.Queries[0]
	out := map[string][]string{}
	for _, name := range q.State() {
		_, rows, _ := q.Inspect(name)
		for _, r := range rows {
			out[name] = append(out[name], fmt.Sprint(r))
		}
	}
	return out
}

// TestStateRecovery: a restart rebuilds each operator's state from the
// latest snapshot and the deltas after it, and from a checkpoint of the
// format before deltas (a whole state/N per batch, each a snapshot), to
// what the query held; keys removed (evicted) after the snapshot stay
// removed; and the query then goes on exactly as one that never
// restarted.
func TestStateRecovery(t *testing.T) {
	const after = 4
	for _, c := range stateCases() {
		for _, format := range []string{"deltas", "whole state per batch"} {
			t.Run(c.name+"/"+format, func(t *testing.T) {
				h := c.harness(t)
				q := h.eng.Queries[0]
				before, base, last := c.feedUntilRemoval(h)
				want := state(h)
				h.close()
				if format != "deltas" {
					toWholeState(t, q, last)
				}
				h.open()
				if diff := cmp.Diff(want, state(h)); diff != "" {
					t.Fatalf("state after the restart from snapshot %d and deltas to %d (-want +got):\n%s", base, last, diff)
				}
				for i := before; i < before+after; i++ {
					c.feed(h, i)
				}
				ref := c.harness(t)
				for i := range before + after {
					c.feed(ref, i)
				}
				if diff := cmp.Diff(state(ref), state(h)); diff != "" {
					t.Errorf("state at the end (-never restarted +restarted):\n%s", diff)
				}
				if diff := cmp.Diff(sorted(ref.rows("out")), sorted(h.rows("out"))); diff != "" {
					t.Errorf("output (-never restarted +restarted):\n%s", diff)
				}
			})
		}
	}
}

// feedUntilRemoval feeds batches until the state after the last batch is
// rebuilt from a snapshot and deltas, at least 13 batches, and (for a case
// that evicts) some key of that snapshot is gone: the deltas then hold a
// removal. It returns the batches fed, the snapshot and the last batch.
func (c stateCase) feedUntilRemoval(h *harness) (fed int, base, last int64) {
	h.t.Helper()
	q := h.eng.Queries[0]
	for i := 0; i < 60; i++ {
		c.feed(h, i)
		if err := q.snap.wait(); err != nil {
			h.t.Fatal(err)
		}
		sf, err := q.cp.stateFiles()
		if err != nil {
			h.t.Fatal(err)
		}
		last = q.NextBatch() - 1
		base = sf.base(last)
		if i >= 12 && base >= 0 && base < last && (!c.evicts || len(removedAfter(h.t, q, base, last)) > 0) {
			return i + 1, base, last
		}
	}
	h.t.Fatalf("no key of a snapshot is gone in the deltas after it within 60 batches: the case does not test removals")
	return 0, 0, 0
}

// removedAfter returns the state keys held after batch base and gone
// after batch last.
func removedAfter(t *testing.T, q *Query, base, last int64) []string {
	t.Helper()
	then, now := stateKeys(t, q, base), stateKeys(t, q, last)
	var gone []string
	for k := range then {
		if !now[k] {
			gone = append(gone, k)
		}
	}
	return gone
}

// stateKeys returns the keys of every operator's state after batch n,
// read from the checkpoint.
func stateKeys(t *testing.T, q *Query, n int64) map[string]bool {
	t.Helper()
	c, err := q.build()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := q.cp.readState(n, c.stateful); err != nil {
		t.Fatal(err)
	}
	keys := map[string]bool{}
	add := func(op string, m map[string]bool) {
		for k := range m {
			keys[op+"/"+k] = true
		}
	}
	for _, op := range c.stateful {
		switch op := op.(type) {
		case *aggregateOp:
			add(op.name, keySet(op.groups.m))
		case *dedupOp:
			add(op.name, keySet(op.seen.m))
		case *joinOp:
			add(op.name+"/left", keySet(op.state[0].m))
			add(op.name+"/right", keySet(op.state[1].m))
		}
	}
	return keys
}

func keySet[V any](m map[string]V) map[string]bool {
	out := map[string]bool{}
	for k := range m {
		out[k] = true
	}
	return out
}

// toWholeState rewrites the checkpoint's state as the format before
// deltas wrote it: state/N, the whole state after batch N, for every
// batch up to last; no delta, no snapshot.
func toWholeState(t *testing.T, q *Query, last int64) {
	t.Helper()
	for n := int64(0); n <= last; n++ {
		c, err := q.build()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := q.cp.readState(n, c.stateful); err != nil {
			t.Fatal(err)
		}
		if err := writeLegacyState(q.cp.path("state", n), c.stateful); err != nil {
			t.Fatal(err)
		}
	}
	files, _ := filepath.Glob(filepath.Join(q.Checkpoint, "state", "*.*"))
	for _, f := range files {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
}

// TestStateCrashAfterDelta: a batch that wrote its state delta (and a
// snapshot, left by a run that died) but not its commit re-runs from the
// state before it, and the state it then writes replaces what it left: a
// second restart reads the re-run's state, not the stale snapshot.
func TestStateCrashAfterDelta(t *testing.T) {
	c := stateCases()[0]
	h := c.harness(t)
	for i := range 8 {
		c.feed(h, i)
	}
	want, wantRows := state(h), sorted(h.rows("out"))
	q := h.eng.Queries[0]
	last := q.NextBatch() - 1
	h.close()
	cp := q.cp
	if !cp.exists("commits", last) {
		t.Fatalf("batch %d is not committed", last)
	}
	// the crash: commits/last is not written; a stale snapshot of the
	// batch (the state of batch 2) is there.
	if err := os.Remove(cp.path("commits", last)); err != nil {
		t.Fatal(err)
	}
	stale, err := os.ReadFile(cp.snapshotPath(2))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cp.snapshotPath(last), stale, 0o644); err != nil {
		t.Fatal(err)
	}
	h.open()
	q = h.eng.Queries[0]
	if q.NextBatch() != last {
		t.Fatalf("next batch %d; want the uncommitted %d", q.NextBatch(), last)
	}
	p, ok, err := q.RunBatch()
	if err != nil || !ok || p.BatchID != last {
		t.Fatalf("re-run: %+v %v %v", p, ok, err)
	}
	for _, restart := range []string{"after the re-run", "after a second restart"} {
		if diff := cmp.Diff(want, state(h)); diff != "" {
			t.Errorf("state %s (-want +got):\n%s", restart, diff)
		}
		h.open()
	}
	if diff := cmp.Diff(wantRows, sorted(h.rows("out"))); diff != "" {
		t.Errorf("output (-want +got):\n%s", diff)
	}
}

// TestStateRetentionChain: for snapshot intervals below, at and above the
// retained batches, after 250 batches the state files kept are exactly
// the chain of the oldest retained batch (the latest snapshot at or
// before it, every delta after it), and the state after every retained
// batch can be rebuilt.
func TestStateRetentionChain(t *testing.T) {
	for _, interval := range []int64{1, 7, 10, 150} {
		t.Run(strconv.FormatInt(interval, 10), func(t *testing.T) {
			h := retentionHarness(t, 0)
			h.exec = map[string]string{"state_snapshot_interval": strconv.FormatInt(interval, 10)}
			h.open()
			q := h.eng.Queries[0]
			for i := range 250 {
				h.add("in", string(rune('a'+i%2)), "1", "2026-07-15T10:00:00Z")
				if _, ok, err := q.RunBatch(); err != nil || !ok {
					t.Fatalf("batch %d: %v %v", i, ok, err)
				}
			}
			if err := q.snap.wait(); err != nil {
				t.Fatal(err)
			}
			// The snapshot is written in the background: on a loaded machine
			// the last batches may commit before it lands, and their pruning
			// keeps the deltas it replaces. Prune once more, as the next
			// commit would.
			if err := q.cp.pruneState(249, MinBatchesToRetain); err != nil {
				t.Fatal(err)
			}
			first := int64(250 - MinBatchesToRetain)
			base := (first+1)/interval*interval - 1 // snapshots after batches interval-1, 2·interval-1, ...
			sf, err := q.cp.stateFiles()
			if err != nil {
				t.Fatal(err)
			}
			if len(sf.snapshots) == 0 || sf.snapshots[0] != base {
				t.Errorf("oldest snapshot kept %v; want %d", sf.snapshots, base)
			}
			if len(sf.deltas) == 0 || sf.deltas[0] != base+1 || sf.deltas[len(sf.deltas)-1] != 249 || int64(len(sf.deltas)) != 249-base {
				t.Errorf("deltas kept %d..%d (%d); want %d..249", sf.deltas[0], sf.deltas[len(sf.deltas)-1], len(sf.deltas), base+1)
			}
			for n := first; n < 250; n++ {
				c, err := q.build()
				if err != nil {
					t.Fatal(err)
				}
				if _, err := q.cp.readState(n, c.stateful); err != nil {
					t.Fatalf("state after retained batch %d: %v", n, err)
				}
				if got, want := c.stateful[0].stateRows(), min(int(n)+1, 2); got != want {
					t.Fatalf("state after batch %d holds %d groups; want %d", n, got, want)
				}
			}
			if _, err := q.Replay(first + 1); err != nil {
				t.Errorf("replay of the oldest replayable batch: %v", err)
			}
		})
	}
}

// TestStateVerify: a state file deleted from a checkpoint (a delta of a
// retained batch, the snapshot the retained deltas start from) makes the
// next open fail with ETL-K523 naming the file; a snapshot whose deltas
// are all kept can go.
func TestStateVerify(t *testing.T) {
	tests := []struct {
		name    string
		batches int
		remove  []string
		missing string // "" opens
	}{
		{"intact", 13, nil, ""},
		{"last delta", 13, []string{"12.delta"}, "state/12.delta"},
		{"delta after the last snapshot", 13, []string{"10.delta"}, "state/10.delta"},
		{"delta before a snapshot", 13, []string{"4.delta"}, "state/4.delta"},
		{"first delta", 13, []string{"0.delta"}, "state/0.delta"},
		{"snapshot with its deltas kept", 13, []string{"5.snapshot", "8.snapshot", "11.snapshot"}, ""},
		{"snapshot the retained deltas start from", 250, []string{"149.snapshot"}, "state/0.delta"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := retentionHarness(t, 0)
			h.exec = map[string]string{"state_snapshot_interval": "3"}
			if tt.batches > 100 {
				h.exec["state_snapshot_interval"] = "10"
			}
			h.open()
			for i := range tt.batches {
				h.add("in", "a", "1", "2026-07-15T10:00:00Z")
				if _, ok, err := h.eng.Queries[0].RunBatch(); err != nil || !ok {
					t.Fatalf("batch %d: %v %v", i, ok, err)
				}
			}
			dir := h.eng.Queries[0].Checkpoint
			h.close()
			for _, f := range tt.remove {
				if err := os.Remove(filepath.Join(dir, "state", f)); err != nil {
					t.Fatal(err)
				}
			}
			m, _ := planMemoryExec(t, h.doc, h.dir, h.exec, planner.Options{OutputModes: map[string]string{"out": h.mode}}, false, h.mergeKeys...)
			eng, err := Open(m, "p", h.env)
			if err == nil {
				defer eng.Close()
			}
			var ce *CheckpointError
			switch {
			case tt.missing == "" && err != nil:
				t.Fatalf("open: %v", err)
			case tt.missing != "" && (!errors.As(err, &ce) || ce.Code != CodeStateChain || !strings.Contains(err.Error(), tt.missing+" is missing")):
				t.Fatalf("open: %v; want a %s CheckpointError naming %s", err, CodeStateChain, tt.missing)
			}
		})
	}
}

// writeLegacyState writes the whole state as the format before deltas
// did: per operator its name and its state value (gob).
func writeLegacyState(path string, ops []stateful) error {
	var buf bytes.Buffer
	enc := gob.NewEncoder(&buf)
	for _, op := range ops {
		var v any
		switch op := op.(type) {
		case *aggregateOp:
			m := map[string][]*aggGroup{}
			for k, head := range op.groups.m {
				m[k] = op.table.groupsOf(head)
			}
			v = m
		case *dedupOp:
			v = op.seen.m
		case *joinOp:
			v = [2]map[string][]*joinRow{op.state[0].m, op.state[1].m}
		case *limitOp:
			v = op.count
		}
		if err := enc.Encode(op.stateName()); err != nil {
			return err
		}
		if err := enc.Encode(v); err != nil {
			return err
		}
	}
	return atomicWrite(path, buf.Bytes())
}
