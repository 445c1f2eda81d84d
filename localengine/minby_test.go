package localengine

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// TestMinMaxByFold: min_by and max_by over (value, ordering) rows, folded
// in order and merged from two halves (sessions): NULL orderings are
// skipped, a NULL value at the extreme ordering is the result, and a tie
// keeps the value folded last, as Spark's MaxMinBy does.
func TestMinMaxByFold(t *testing.T) {
	type row struct{ v, ord any }
	t1 := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	t2 := t1.Add(time.Minute)
	tests := []struct {
		name   string
		rows   []row
		split  int // rows[:split] and rows[split:] merged; 0: not merged
		minBy  any
		maxBy  any
		minSet bool
	}{
		{name: "no rows", minBy: nil, maxBy: nil},
		{name: "only NULL orderings", rows: []row{{"a", nil}, {"b", nil}}, minBy: nil, maxBy: nil},
		{name: "least and greatest", rows: []row{{"b", t2}, {"a", t1}, {"c", nil}}, minBy: "a", maxBy: "b"},
		{name: "NULL value at the extreme", rows: []row{{nil, t2}, {"a", t1}}, minBy: "a", maxBy: nil},
		{name: "tie keeps the last seen", rows: []row{{"a", t1}, {"b", t1}, {"c", t1}}, minBy: "c", maxBy: "c"},
		{name: "tie then better", rows: []row{{"a", t1}, {"b", t1}, {"c", t2}}, minBy: "b", maxBy: "c"},
		{name: "merge: the later half wins a tie", rows: []row{{"a", t1}, {"b", t2}, {"c", t1}, {"d", t2}}, split: 2, minBy: "c", maxBy: "d"},
		{name: "merge: an empty later half", rows: []row{{"a", t1}, {"b", t2}, {"c", nil}}, split: 2, minBy: "a", maxBy: "b"},
		{name: "merge: an empty earlier half", rows: []row{{"a", nil}, {"b", t1}, {"c", t2}}, split: 1, minBy: "b", maxBy: "c"},
		{name: "numbers", rows: []row{{"x", int64(3)}, {"y", int64(-1)}, {"z", int64(7)}}, minBy: "y", maxBy: "z"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			for _, c := range []struct {
				kind ir.Func
				want any
			}{{ir.AggMinBy, tc.minBy}, {ir.AggMaxBy, tc.maxBy}} {
				f := &aggFn{kind: c.kind, arg: func(r Row) any { return r[0] }, ord: func(r Row) any { return r[1] }}
				var a, b accState
				for i, r := range tc.rows {
					if tc.split > 0 && i >= tc.split {
						f.add(&b, Row{r.v, r.ord})
						continue
					}
					f.add(&a, Row{r.v, r.ord})
				}
				if tc.split > 0 {
					f.merge(&a, b)
				}
				if got := f.result(&a, nil); got != c.want {
					t.Errorf("%s = %v, want %v", c.kind, got, c.want)
				}
			}
		})
	}
}

// byPlan: group by k (and a tumbling hour of t when windowed), min_by(v, t)
// as first_v and max_by(v, t) as last_v, 10 minutes of watermark delay.
func byPlan(windowed bool) (*ir.Node, contracts.Contract) {
	n := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wm(input("in"), "t", "10m0s")},
		GroupBy: []*ir.Expr{col("k")},
		Aggs: []ir.NamedExpr{{Name: "first_v", Expr: agg("min_by", col("v"), col("t"))},
			{Name: "last_v", Expr: agg("max_by", col("v"), col("t"))}}}
	fs := []contracts.Field{field("k", tString)}
	if windowed {
		n.Window = &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"}
		fs = append(fs, field("window_start", tTime), field("window_end", tTime))
	}
	opt := func(name string) contracts.Field { f := field(name, tInt64); f.Required = false; return f }
	return n, contract("by", append(fs, opt("first_v"), opt("last_v"))...)
}

// TestMinMaxByStreaming: min_by and max_by in windowed and global
// aggregations in every output mode keep their state across batches and
// across a restart from the checkpoint (restart before the batch), and
// break ties on the event time for the row seen last (a later batch wins
// over the state).
func TestMinMaxByStreaming(t *testing.T) {
	const w10 = `"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z",`
	type batch struct {
		events  []string
		restart bool
	}
	tests := []struct {
		name     string
		windowed bool
		mode     string
		merge    []string
		batches  []batch
		want     []string
	}{{
		name: "windowed append, across a restart", windowed: true, mode: ModeAppend,
		batches: []batch{
			{events: []string{"a", "2", "2026-07-15T10:20:00Z", "a", "1", "2026-07-15T10:05:00Z"}},
			{events: []string{"a", "3", "2026-07-15T10:40:00Z", "a", "0", "2026-07-15T10:01:00Z"}, restart: true},
			{events: []string{"a", "9", "2026-07-15T11:30:00Z"}},
		},
		want: []string{`{"k":"a",` + w10 + `"first_v":0,"last_v":3}`},
	}, {
		name: "windowed update, a tie in a later batch wins", windowed: true, mode: ModeUpdate, merge: []string{"k", "window_start"},
		batches: []batch{
			{events: []string{"a", "1", "2026-07-15T10:05:00Z", "a", "2", "2026-07-15T10:30:00Z", "a", "3", "2026-07-15T10:30:00Z"}},
			{events: []string{"a", "4", "2026-07-15T10:05:00Z"}, restart: true},
		},
		want: []string{`{"k":"a",` + w10 + `"first_v":4,"last_v":3}`},
	}, {
		name: "windowed complete", windowed: true, mode: ModeComplete,
		batches: []batch{
			{events: []string{"a", "1", "2026-07-15T10:05:00Z", "b", "5", "2026-07-15T12:00:00Z"}},
			{events: []string{"a", "2", "2026-07-15T10:50:00Z"}, restart: true},
		},
		want: []string{`{"k":"a",` + w10 + `"first_v":1,"last_v":2}`,
			`{"k":"b","window_start":"2026-07-15T12:00:00Z","window_end":"2026-07-15T13:00:00Z","first_v":5,"last_v":5}`},
	}, {
		name: "global update, across a restart", mode: ModeUpdate, merge: []string{"k"},
		batches: []batch{
			{events: []string{"a", "5", "2026-07-15T10:05:00Z", "b", "7", "2026-07-15T10:06:00Z"}},
			{events: []string{"a", "6", "2026-07-15T12:00:00Z", "a", "4", "2026-07-15T10:04:00Z"}, restart: true},
		},
		want: []string{`{"k":"a","first_v":4,"last_v":6}`, `{"k":"b","first_v":7,"last_v":7}`},
	}, {
		name: "global complete, ties within a batch keep the last seen", mode: ModeComplete,
		batches: []batch{
			{events: []string{"a", "1", "2026-07-15T10:00:00Z", "a", "2", "2026-07-15T10:00:00Z"}},
			{events: []string{"a", "3", "2026-07-15T09:00:00Z"}},
		},
		want: []string{`{"k":"a","first_v":3,"last_v":2}`},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			plan, out := byPlan(tc.windowed)
			h := newHarness(t, pipelineDoc(plan, out, []string{"in"}), tc.mode, tc.merge...)
			for _, b := range tc.batches {
				if b.restart {
					h.open()
				}
				h.add("in", b.events...)
				h.run()
			}
			if diff := cmp.Diff(sorted(tc.want), sorted(h.rows("out"))); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}
