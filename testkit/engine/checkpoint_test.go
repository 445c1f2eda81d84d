package engine

import (
	"os"
	"path/filepath"
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
