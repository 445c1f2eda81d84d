package localengine

import (
	"slices"
	"sort"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// countPlan: watermark t by delay, group by k and window, count(v), sum(v).
func countPlan(w *ir.Window, delay string) *ir.Node {
	return &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wm(input("in"), "t", delay)},
		GroupBy: []*ir.Expr{col("k")}, Window: w,
		Aggs: []ir.NamedExpr{{Name: "n", Expr: agg("count", col("v"))}, {Name: "total", Expr: agg("sum", col("v"))}}}
}

var windowOut = contract("win", field("k", tString), field("window_start", tTime), field("window_end", tTime),
	field("n", tInt64), field("total", tInt64))

func sorted(s []string) []string { sort.Strings(s); return s }

func TestAggregateOutputModes(t *testing.T) {
	tumbling := &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"}
	tests := []struct {
		name    string
		mode    string
		merge   []string
		batches [][]string
		want    []string
		batchN  int
	}{{
		// Batch 0: wm 0; batch 1 (no data): wm 10:20 (10:30 − 10m); batch 2:
		// the 11:20 row; batch 3 (no data): wm 11:10 emits 10:00–11:00.
		name: "append emits once the watermark passes the window end", mode: "append",
		batches: [][]string{{"a", "1", "2026-07-15T10:02:00Z", "a", "2", "2026-07-15T10:30:00Z"}, {"a", "4", "2026-07-15T11:20:00Z"}},
		want:    []string{`{"k":"a","window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","n":2,"total":3}`},
		batchN:  4,
	}, {
		name: "update emits changed groups, merged by key", mode: "update", merge: []string{"k", "window_start"},
		batches: [][]string{{"a", "1", "2026-07-15T10:02:00Z", "b", "5", "2026-07-15T10:03:00Z"}, {"a", "2", "2026-07-15T10:30:00Z"}},
		want: []string{
			`{"k":"a","window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","n":2,"total":3}`,
			`{"k":"b","window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","n":1,"total":5}`,
		},
		batchN: 4,
	}, {
		name: "complete rewrites the whole result", mode: "complete",
		batches: [][]string{{"a", "1", "2026-07-15T10:02:00Z"}, {"b", "5", "2026-07-15T12:03:00Z"}},
		want: []string{
			`{"k":"a","window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","n":1,"total":1}`,
			`{"k":"b","window_start":"2026-07-15T12:00:00Z","window_end":"2026-07-15T13:00:00Z","n":1,"total":5}`,
		},
		batchN: 2,
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, pipelineDoc(countPlan(tumbling, "10m0s"), windowOut, []string{"in"}), tc.mode, tc.merge...)
			for _, b := range tc.batches {
				h.add("in", b...)
				h.run()
			}
			if diff := cmp.Diff(sorted(tc.want), sorted(h.rows("out"))); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
			if len(h.runs) != tc.batchN {
				t.Errorf("ran %d batches, want %d", len(h.runs), tc.batchN)
			}
		})
	}
}

// TestLateRowsDropped: after the watermark passed 11:00, a 10:59 row is
// dropped and counted, a 11:05 row (window still open) is not.
func TestLateRowsDropped(t *testing.T) {
	h := newHarness(t, pipelineDoc(countPlan(&ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"}, "0s"), windowOut, []string{"in"}), "append")
	h.add("in", "a", "1", "2026-07-15T11:30:00Z")
	h.run()
	h.add("in", "a", "1", "2026-07-15T10:59:00Z", "a", "1", "2026-07-15T11:05:00Z")
	h.run()
	var dropped int64
	for _, p := range h.runs {
		dropped += p.DroppedByWatermark
	}
	if dropped != 1 {
		t.Errorf("dropped %d rows, want 1", dropped)
	}
	st, _, _ := h.eng.Queries[0].Inspect("s/aggregate")
	_, rows, _ := h.eng.Queries[0].Inspect("s/aggregate")
	if len(rows) != 1 || rows[0][st.Index("n")] != int64(2) {
		t.Errorf("state = %v, want one 11:00 window with n=2", rows)
	}
}

func TestSessionWindows(t *testing.T) {
	w := &ir.Window{Kind: ir.Session, TimeColumn: "t", Gap: "10m0s"}
	h := newHarness(t, pipelineDoc(countPlan(w, "0s"), windowOut, []string{"in"}), "append")
	h.add("in", "a", "1", "2026-07-15T10:00:00Z", "a", "2", "2026-07-15T10:05:00Z", "a", "4", "2026-07-15T10:30:00Z", "b", "8", "2026-07-15T10:01:00Z")
	h.run()
	h.add("in", "c", "0", "2026-07-15T11:00:00Z")
	h.run()
	want := []string{
		`{"k":"a","window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T10:15:00Z","n":2,"total":3}`,
		`{"k":"a","window_start":"2026-07-15T10:30:00Z","window_end":"2026-07-15T10:40:00Z","n":1,"total":4}`,
		`{"k":"b","window_start":"2026-07-15T10:01:00Z","window_end":"2026-07-15T10:11:00Z","n":1,"total":8}`,
	}
	if diff := cmp.Diff(sorted(want), sorted(h.rows("out"))); diff != "" {
		t.Errorf("sessions (-want +got):\n%s", diff)
	}
}

func TestWindowAssign(t *testing.T) {
	m := func(s string) int64 { return micros(at(s)) }
	tests := []struct {
		name string
		w    ir.Window
		t    string
		want [][2]string
	}{
		{"tumbling", ir.Window{Kind: ir.Tumbling, Duration: "1h0m0s"}, "2026-07-15T10:59:59Z",
			[][2]string{{"2026-07-15T10:00:00Z", "2026-07-15T11:00:00Z"}}},
		{"tumbling at the boundary", ir.Window{Kind: ir.Tumbling, Duration: "1h0m0s"}, "2026-07-15T11:00:00Z",
			[][2]string{{"2026-07-15T11:00:00Z", "2026-07-15T12:00:00Z"}}},
		{"sliding", ir.Window{Kind: ir.Sliding, Duration: "10m0s", Slide: "5m0s"}, "2026-07-15T10:07:00Z",
			[][2]string{{"2026-07-15T10:00:00Z", "2026-07-15T10:10:00Z"}, {"2026-07-15T10:05:00Z", "2026-07-15T10:15:00Z"}}},
		{"sliding, slide not dividing size", ir.Window{Kind: ir.Sliding, Duration: "10m0s", Slide: "3m0s"}, "2026-07-15T10:07:00Z",
			[][2]string{{"2026-07-15T10:00:00Z", "2026-07-15T10:10:00Z"}, {"2026-07-15T10:03:00Z", "2026-07-15T10:13:00Z"},
				{"2026-07-15T10:06:00Z", "2026-07-15T10:16:00Z"}}},
		{"before the epoch", ir.Window{Kind: ir.Tumbling, Duration: "1h0m0s"}, "1969-12-31T23:30:00Z",
			[][2]string{{"1969-12-31T23:00:00Z", "1970-01-01T00:00:00Z"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			tc.w.TimeColumn = "t"
			ws, err := compileWindow(&tc.w, SchemaOf(&evContract))
			if err != nil {
				t.Fatal(err)
			}
			var want [][2]int64
			for _, w := range tc.want {
				want = append(want, [2]int64{m(w[0]), m(w[1])})
			}
			if diff := cmp.Diff(want, ws.assign(m(tc.t), nil)); diff != "" {
				t.Errorf("windows (-want +got):\n%s", diff)
			}
		})
	}
}

// TestWatermarkMinAcrossOperators: two watermarks (10m on k=a rows, 30m on
// k=b rows) combine with min; an operator that saw no rows holds it at 0.
func TestWatermarkMinAcrossOperators(t *testing.T) {
	a := wm(&ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{input("in")}, Predicate: call("=", col("k"), lit("a", contracts.KindString))}, "t", "10m0s")
	b := wm(&ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{input("in")}, Predicate: call("=", col("k"), lit("b", contracts.KindString))}, "t", "30m0s")
	plan := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{{Op: ir.OpUnion, Inputs: []*ir.Node{a, b}}},
		GroupBy: []*ir.Expr{col("k")}, Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"},
		Aggs: []ir.NamedExpr{{Name: "n", Expr: agg("count", col("v"))}, {Name: "total", Expr: agg("sum", col("v"))}}}
	h := newHarness(t, pipelineDoc(plan, windowOut, []string{"in"}), "append")
	h.add("in", "a", "1", "2026-07-15T11:00:00Z")
	h.run()
	if got := h.eng.Queries[0].Watermark(); !got.Equal(at("1970-01-01T00:00:00Z")) {
		t.Errorf("watermark with one silent operator = %s, want 0", got)
	}
	h.add("in", "b", "1", "2026-07-15T11:00:00Z")
	h.run()
	if got := h.eng.Queries[0].Watermark(); !got.Equal(at("2026-07-15T10:30:00Z")) {
		t.Errorf("watermark = %s, want min(10:50, 10:30) = 10:30", got)
	}
}

// TestLateRowsUsePreviousBatchWatermark: late rows are judged against the
// previous batch's watermark and windows close with the current one
// (PropagateWatermarkSimulator). Two data batches in a row: batch 1 runs
// with eviction watermark 11:30 but late-events watermark 0, so a 10:10
// row still counts and its window closes in the same batch.
func TestLateRowsUsePreviousBatchWatermark(t *testing.T) {
	h := newHarness(t, pipelineDoc(countPlan(&ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"}, "0s"), windowOut, []string{"in"}), "append")
	h.add("in", "a", "1", "2026-07-15T10:05:00Z", "a", "1", "2026-07-15T11:30:00Z")
	q := h.eng.Queries[0]
	if _, ok, err := q.RunBatch(); !ok || err != nil {
		t.Fatalf("batch 0: %v %v", ok, err)
	}
	h.add("in", "a", "5", "2026-07-15T10:10:00Z")
	p, _, err := q.RunBatch()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{`{"k":"a","window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","n":2,"total":6}`}
	if diff := cmp.Diff(want, h.rows("out")); diff != "" || p.DroppedByWatermark != 0 {
		t.Errorf("dropped %d; rows (-want +got):\n%s", p.DroppedByWatermark, diff)
	}
}

// TestMergeSorted checks mergeSorted against sorting both lists together.
func TestMergeSorted(t *testing.T) {
	tests := [][2][]string{
		{nil, nil}, {nil, {"a"}}, {{"a"}, nil}, {{"a", "c"}, {"b", "d"}},
		{{"a", "b"}, {"a", "b"}}, {{"b"}, {"a", "b", "c"}}, {{"a", "x", "y"}, {"b"}},
	}
	for _, tc := range tests {
		want := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(tc[0]), tc[1]...))))
		if got := mergeSorted(tc[0], tc[1]); !slices.Equal(got, want) {
			t.Errorf("mergeSorted(%q, %q) = %q, want %q", tc[0], tc[1], got, want)
		}
	}
}
