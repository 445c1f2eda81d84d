package localengine

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestRepartitionPassesThrough: a repartition changes nothing on the local
// engine (it has no partitions): a plan with one gives the rows, in the
// order, the state and the watermark of the same plan without it, over
// batches with a late event.
func TestRepartitionPassesThrough(t *testing.T) {
	tests := []struct {
		name string
		out  string // "ev" rows or "win" windows
		plan func(repart bool) *ir.Node
	}{
		{"stateless, by key", "ev", func(r bool) *ir.Node { return maybeRepartition(r, input("in"), 3, "k") }},
		{"stateless, round robin", "ev", func(r bool) *ir.Node { return maybeRepartition(r, input("in"), 2) }},
		{"by the grouping key before a window", "win", func(r bool) *ir.Node {
			return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{maybeRepartition(r, wm(input("in"), "t", "10m0s"), 4, "k")},
				GroupBy: []*ir.Expr{col("k")}, Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"},
				Aggs: []ir.NamedExpr{{Name: "n", Expr: agg("count", col("v"))}, {Name: "total", Expr: agg("sum", col("v"))}}}
		}},
	}
	batches := [][]string{
		{"a", "1", "2026-07-15T10:05:00Z", "b", "2", "2026-07-15T10:06:00Z", "a", "3", "2026-07-15T10:59:59Z"},
		{"a", "4", "2026-07-15T11:30:00Z", "b", "5", "2026-07-15T10:10:00Z"}, // b 10:10 is late after this batch's watermark
		{"c", "6", "2026-07-15T12:30:00Z", "a", "7", "2026-07-15T10:20:00Z"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			run := func(repart bool) (rows [][]string, state []int, marks []string) {
				out := evOut
				if tt.out == "win" {
					out = windowOut
				}
				h := newHarness(t, pipelineDoc(tt.plan(repart), out, []string{"in"}), "append")
				for _, b := range batches {
					h.add("in", b...)
					h.run()
					rows = append(rows, h.rows("out"))
					state = append(state, h.eng.Queries[0].StateRows())
					marks = append(marks, h.eng.Queries[0].Watermark().String())
				}
				return rows, state, marks
			}
			wantRows, wantState, wantMarks := run(false)
			gotRows, gotState, gotMarks := run(true)
			if len(wantRows[len(wantRows)-1]) == 0 {
				t.Fatal("the plan without a repartition wrote no rows: the case tests nothing")
			}
			if diff := cmp.Diff(wantRows, gotRows); diff != "" {
				t.Errorf("rows per batch (-without +with repartition):\n%s", diff)
			}
			if diff := cmp.Diff(wantState, gotState); diff != "" {
				t.Errorf("state rows per batch (-without +with):\n%s", diff)
			}
			if diff := cmp.Diff(wantMarks, gotMarks); diff != "" {
				t.Errorf("watermark per batch (-without +with):\n%s", diff)
			}
		})
	}
}

// maybeRepartition wraps in in a repartition into n partitions by keys
// when repart is set.
func maybeRepartition(repart bool, in *ir.Node, n int, keys ...string) *ir.Node {
	if !repart {
		return in
	}
	return &ir.Node{Op: ir.OpRepartition, Inputs: []*ir.Node{in}, Partitions: n, Keys: keys}
}
