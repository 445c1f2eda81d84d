package localengine

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

var evOut = contract("evout", field("k", tString), field("v", tInt64), field("t", tTime))

// TestDropDuplicatesWithinWatermark: a key is remembered until the
// watermark reaches event time + delay (StreamingDeduplicateWithinWatermarkExec);
// a repeat after that passes again; rows behind the watermark are dropped.
func TestDropDuplicatesWithinWatermark(t *testing.T) {
	plan := &ir.Node{Op: ir.OpDropDuplicatesWithinWM, Inputs: []*ir.Node{wm(input("in"), "t", "10m0s")}, Keys: []string{"k"}}
	h := newHarness(t, pipelineDoc(plan, evOut, []string{"in"}), "append")
	h.add("in", "a", "1", "2026-07-15T10:00:00Z", "a", "2", "2026-07-15T10:01:00Z")
	h.run() // emits a/1; wm → 09:51
	h.add("in", "a", "3", "2026-07-15T10:05:00Z", "x", "0", "2026-07-15T10:30:00Z")
	h.run() // a/3 is a duplicate (expires 10:10); wm → 10:20 evicts a
	h.add("in", "a", "4", "2026-07-15T10:25:00Z", "b", "5", "2026-07-15T10:19:00Z")
	h.run() // a/4 passes again; b/5 is behind the watermark 10:20: dropped
	want := []string{
		`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z"}`,
		`{"k":"x","v":0,"t":"2026-07-15T10:30:00Z"}`,
		`{"k":"a","v":4,"t":"2026-07-15T10:25:00Z"}`,
	}
	if diff := cmp.Diff(sorted(want), sorted(h.rows("out"))); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
	var dropped int64
	for _, p := range h.runs {
		dropped += p.DroppedByWatermark
	}
	if dropped != 1 {
		t.Errorf("dropped = %d, want 1", dropped)
	}
}

// TestDropDuplicatesWithoutWatermark keeps every key forever.
func TestDropDuplicatesWithoutWatermark(t *testing.T) {
	plan := &ir.Node{Op: ir.OpDropDuplicates, Inputs: []*ir.Node{input("in")}, Keys: []string{"k"}}
	h := newHarness(t, pipelineDoc(plan, evOut, []string{"in"}), "append")
	h.add("in", "a", "1", "2026-07-15T10:00:00Z", "b", "1", "2026-07-15T10:00:00Z")
	h.run()
	h.add("in", "a", "2", "2027-07-15T10:00:00Z")
	h.run()
	if got := len(h.rows("out")); got != 2 {
		t.Errorf("rows = %d, want 2", got)
	}
	if n := h.eng.Queries[0].StateRows(); n != 2 {
		t.Errorf("state rows = %d, want 2", n)
	}
}
