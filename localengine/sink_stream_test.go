package localengine

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// TestStreamedBatchWritesWhatWriteWrites: a query into a file sink writes
// its batches while the operators run, and the part files and the log
// are byte for byte those FileSink.Write gives for the same rows.
func TestStreamedBatchWritesWhatWriteWrites(t *testing.T) {
	for _, events := range []int{0, 1, 3, 1000} {
		r := newFileSinkRig(t, nil)
		q := r.query()
		if q.streamOutput(q.c, 0) == nil {
			t.Fatal("a query into a file sink without gates or hosted loads does not stream its output")
		}
		r.add(events)
		if events == 0 {
			r.env.Memory["in"] = NewMemoryStream("in")
		}
		p, ok, err := q.RunBatch()
		if events == 0 {
			if ok || err != nil {
				t.Fatalf("no events: ran %v, %v", ok, err)
			}
			continue
		}
		if err != nil || !ok || p.OutputRows != events {
			t.Fatalf("%d events: progress %+v, %v, %v; want %d output rows", events, p, ok, err, events)
		}
		rep, err := q.Replay(0)
		if err != nil || !rep.Skipped || len(rep.Rows) != events {
			t.Fatalf("replay: %d rows, skipped %v, %v", len(rep.Rows), rep.Skipped, err)
		}
		want := &FileSink{Dir: t.TempDir(), ID: q.ID, Checkpoint: q.Checkpoint}
		if _, err := want.Write(q.Checkpoint, 0, q.Schema(), rep.Rows); err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{partName(0, q.ID), filepath.Join(sinkLogDir, q.ID+".log")} {
			got, err := os.ReadFile(filepath.Join(r.out, name))
			if err != nil {
				t.Fatal(err)
			}
			exp, err := os.ReadFile(filepath.Join(want.Dir, name))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != string(exp) {
				t.Errorf("%d events: streamed %s differs from Write's:\n%.300s\nwant\n%.300s", events, name, got, exp)
			}
		}
	}
}

// TestPartWriterDiscardLeavesNothing: a batch discarded after rows were
// written (its batch failed or was abandoned) leaves no part file, no
// temporary file and no log line; the batch written again afterwards is
// logged once, with its rows; a logged batch is skipped.
func TestPartWriterDiscardLeavesNothing(t *testing.T) {
	dir := t.TempDir()
	f := &FileSink{Dir: dir, ID: "cp1", Checkpoint: "/cp"}
	s := NewSchema([]Column{{Name: "v", Type: contracts.Type{Kind: contracts.KindString}}})
	w, skipped, err := f.begin(0, s)
	if err != nil || skipped {
		t.Fatalf("begin: %v %v", skipped, err)
	}
	w.add([]Row{{"a"}, {"b"}})
	w.discard()
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Fatalf("a discarded batch left %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) != 0 {
		t.Fatalf("a discarded batch left %v", left)
	}
	if w, _, err = f.begin(0, s); err != nil {
		t.Fatal(err)
	}
	w.add([]Row{{"a"}})
	w.add(nil)
	w.add([]Row{{"b"}})
	if err := w.commit(); err != nil {
		t.Fatal(err)
	}
	lw, _, err := readWriterLog(f.logPath())
	if err != nil || len(lw.Batches) != 1 || len(lw.Batches[0].Files) != 1 || lw.Batches[0].Files[0].Rows != 2 {
		t.Fatalf("log = %+v, %v; want batch 0 with one file of 2 rows", lw, err)
	}
	data, err := os.ReadFile(filepath.Join(dir, partName(0, "cp1")))
	if err != nil || string(data) != "{\"v\":\"a\"}\n{\"v\":\"b\"}\n" {
		t.Errorf("part file = %q, %v", data, err)
	}
	if _, skipped, err := f.begin(0, s); !skipped || err != nil {
		t.Errorf("begin of a logged batch: skipped %v, %v; want skipped", skipped, err)
	}
}

// TestStreamedBatchGates: batch gates over a streamed batch count its rows
// and NULLs as they pass (the verdicts equal those a replay, its rows in
// memory, gives): a breached fail gate fails the batch and leaves
// no part file (the batch stays uncommitted), a warn gate commits it, each
// with the value the gate has over the whole batch; a quarantine gate
// needs the rows first, so its query does not stream.
func TestStreamedBatchGates(t *testing.T) {
	gated := func(gs ...ir.Gate) *ir.Document {
		doc := passDoc()
		doc.Pipelines[0].Gates = gs
		return doc
	}
	rows := func(min float64, action string) ir.Gate {
		return ir.Gate{Name: "rows", Metric: ir.GateRows, Load: "out", Threshold: min, Scope: ir.GateScopeBatch, Action: action}
	}
	nulls := ir.Gate{Name: "nulls", Metric: ir.GateNullRatio, Load: "out", Column: "v", Threshold: 0.25, Scope: ir.GateScopeBatch, Action: ir.GateWarn}

	r := newFileSinkRigOf(t, gated(nulls, rows(5, ir.GateFail)), nil)
	q := r.query()
	if q.streamOutput(q.c, 0) == nil {
		t.Fatal("a query with batch gates of action warn and fail does not stream its output")
	}
	r.add(4)
	_, _, err := q.RunBatch()
	var ge *GateError
	if !errors.As(err, &ge) || ge.Gate.Name != "rows" || ge.Gate.Value != 4 {
		t.Fatalf("4 rows under a gate of 5 with action fail: %v; want a GateError of gate rows with value 4", err)
	}
	if left, _ := filepath.Glob(filepath.Join(r.out, "*part*")); len(left) != 0 {
		t.Errorf("a batch its gate failed left %v", left)
	}
	if left, _ := filepath.Glob(filepath.Join(r.out, ".*")); len(left) != 0 {
		t.Errorf("a batch its gate failed left %v", left)
	}
	r.add(1)
	p, ok, err := q.RunBatch() // the same batch again: still 4 rows
	if ok || !errors.As(err, &ge) {
		t.Fatalf("re-run: %v %v; want the gate to fail it again", ok, err)
	}
	if p != nil {
		t.Fatalf("re-run gave progress %+v", p)
	}

	r = newFileSinkRigOf(t, gated(nulls, rows(2, ir.GateWarn)), nil)
	q = r.query()
	r.add(4)
	p, ok, err = q.RunBatch()
	if err != nil || !ok || p.OutputRows != 4 {
		t.Fatalf("warn gates: %+v %v %v", p, ok, err)
	}
	want := []GateResult{{Name: "nulls", Condition: q.gates[0].Condition, Action: ir.GateWarn, Value: 0},
		{Name: "rows", Condition: q.gates[1].Condition, Action: ir.GateWarn, Value: 4}}
	if !slices.EqualFunc(p.Gates, want, func(a, b GateResult) bool {
		return a.Name == b.Name && a.Value == b.Value && a.Breached == b.Breached && a.Action == b.Action
	}) {
		t.Errorf("verdicts = %+v, want %+v", p.Gates, want)
	}
	rep, err := q.Replay(0) // the rows in memory: the same verdicts
	if err != nil || !reflect.DeepEqual(rep.Gates, p.Gates) {
		t.Errorf("replayed verdicts = %+v, %v; want the streamed batch's %+v", rep.Gates, err, p.Gates)
	}
	if rows := r.committed(); len(rows) != 4 {
		t.Errorf("committed %d rows, want 4", len(rows))
	}

	for _, g := range []ir.Gate{{Name: "q", Metric: ir.GateRows, Scope: ir.GateScopeBatch, Action: ir.GateQuarantine},
		{Name: "w", Metric: ir.GateRows, Scope: ir.GateScopeWindow, Action: ir.GateWarn}} {
		saved := q.gates
		q.gates = []planner.Gate{{Name: g.Name, Metric: g.Metric, Scope: g.Scope, Action: g.Action, IR: &g}}
		if q.streamOutput(q.c, 1) != nil {
			t.Errorf("a query with a %s gate of scope %s streams its output; it needs the rows first", g.Action, g.Scope)
		}
		q.gates = saved
	}
}
