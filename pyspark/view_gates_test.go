package pyspark_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/pyspark"
)

// TestWarnGatesObserved: a gate that warns is measured in the query's own
// pass: on a join of two streams (which a failing invalid-ratio gate may
// not gate, ETL-S467) the program observes each source's validation once
// per query and names the gate's source observation; check_gates measures
// only the batch a query replays (which has no progress on Spark 4.1), and
// the join, whose batch cannot be read again, reads none; a failing gate on
// the example measures every batch, reading its source rows again.
func TestWarnGatesObserved(t *testing.T) {
	tests := []struct {
		name, dir, action string
		batches           int         // a rolling gate's
		interval          ir.Duration // a sliding gate's
		want, absent      []string
	}{
		{name: "warn on a join", dir: filepath.Join("..", "planner", "testdata", "corpus", "inner_join_watermarked_keys"), action: ir.GateWarn,
			want: []string{`observe="etlgen_source_order_events"`, `observe="etlgen_source_payments"`,
				`"source": "etlgen_source_order_events"`, `sources=["etlgen_source_order_events", "etlgen_source_payments"]`,
				`rt.observe_rows(`, `functools.partial(write_order_payments, replay=resume.replay)`,
				`rt.check_gates(batch_df, batch_id, "order_payments", ORDER_PAYMENTS_GATES, replay=replay)`},
			absent: []string{"ORDER_PAYMENTS_CHECKPOINT, batch_id)"}},
		{name: "fail on the example", dir: filepath.Join("testdata", "stack_available_now"), action: ir.GateFail,
			want:   []string{"rt.check_gates(", "order_events_batch_checked(", `observe="etlgen_source_order_events"`},
			absent: []string{"checkpoint=", `"batches"`}},
		{name: "rolling warn on the example", dir: filepath.Join("testdata", "stack_available_now"), action: ir.GateWarn, batches: 3,
			// measured before the commit, reading the source rows again, with the parts kept beside the checkpoint
			want: []string{`"scope": "last_micro_batches", "batches": 3}`, "order_events_batch_checked(",
				"checkpoint=REJECTED_ORDER_EVENTS_CHECKPOINT)", "checkpoint=CUSTOMER_ORDER_WINDOWS_CHECKPOINT)"}},
		{name: "sliding fail on the example", dir: filepath.Join("testdata", "stack_available_now"), action: ir.GateFail, interval: "1h30m0s",
			// measured before the commit as a rolling gate, with the interval in milliseconds
			want: []string{`"scope": "last_interval", "interval_ms": 5400000}`, "order_events_batch_checked(",
				"checkpoint=REJECTED_ORDER_EVENTS_CHECKPOINT)", "checkpoint=CUSTOMER_ORDER_WINDOWS_CHECKPOINT)"},
			absent: []string{`"batches"`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := generateEdited(t, tc.dir, func(doc *ir.Document) {
				g := ir.Gate{Name: "invalid", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.05,
					Scope: ir.GateScopeBatch, Action: tc.action, Pos: diag.Position{File: "pipeline.go", Line: 1}}
				if tc.batches > 0 {
					g.Scope, g.Batches = ir.GateScopeLastBatches, tc.batches
				}
				if tc.interval != "" {
					g.Scope, g.Interval = ir.GateScopeLastInterval, tc.interval
				}
				doc.Pipelines[0].Gates = []ir.Gate{g}
			})
			var prog string
			for _, f := range files {
				if !pyspark.IsRuntimeFile(f.Path) {
					prog = string(f.Data)
				}
			}
			for _, s := range tc.want {
				if !strings.Contains(prog, s) {
					t.Errorf("the program has no %s", s)
				}
			}
			for _, s := range tc.absent {
				if strings.Contains(prog, s) {
					t.Errorf("the program has %s", s)
				}
			}
			out := t.TempDir()
			if err := pyspark.Write(out, files); err != nil {
				t.Fatal(err)
			}
			pyCompile(t, out, files)
		})
	}
}
