package localengine

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// The tests of this file replay scenarios measured on Spark 4.1 (Spark
// Connect, Kafka sources, available-now runs, one run per arrival): after
// each arrival the sink must hold exactly the rows Spark's did.

// arrival is one run: events of l and r ("k v time" triples, time in RFC
// 3339 without the Z) and the rows of "out" after it.
type arrival struct {
	l, r []string
	want []string
}

// evs expands "k v 2026-07-15T10:00:00" triples.
func evs(s ...string) []string {
	var out []string
	for _, e := range s {
		f := strings.Fields(e)
		out = append(out, f[0], f[1], f[2]+"Z")
	}
	return out
}

func replay(t *testing.T, h *harness, arrivals []arrival) {
	t.Helper()
	for i, a := range arrivals {
		if len(a.l) > 0 {
			h.add("l", a.l...)
		}
		if len(a.r) > 0 {
			h.add("r", a.r...)
		}
		h.run()
		if diff := cmp.Diff(sorted(append([]string(nil), a.want...)), sorted(h.rows("out")), cmpopts.EquateEmpty()); diff != "" {
			t.Errorf("after arrival %d: rows (-want +got):\n%s", i+1, diff)
		}
	}
}

// TestLimitOnStream: a limit keeps the first rows the query reads, across
// batches and a restart (Spark 4.1, append mode: 2, then 3 of 4, then
// still 3).
func TestLimitOnStream(t *testing.T) {
	plan := &ir.Node{Op: ir.OpLimit, Inputs: []*ir.Node{input("l")}, Limit: 3}
	h := newHarness(t, pipelineDoc(plan, evOut, []string{"l"}), "append")
	r := func(k, v, at string) string {
		return `{"k":"` + k + `","v":` + v + `,"t":"2026-07-15T` + at + `Z"}`
	}
	replay(t, h, []arrival{
		{l: evs("a 1 2026-07-15T10:00:00", "b 2 2026-07-15T10:01:00"), want: []string{r("a", "1", "10:00:00"), r("b", "2", "10:01:00")}},
		{l: evs("c 3 2026-07-15T10:02:00", "d 4 2026-07-15T10:03:00"),
			want: []string{r("a", "1", "10:00:00"), r("b", "2", "10:01:00"), r("c", "3", "10:02:00")}},
	})
	if got := h.eng.Queries[0].StateRows(); got != 1 {
		t.Errorf("state rows %d, want 1 (the count)", got)
	}
	h.open() // a restart resumes the count from the checkpoint
	h.add("l", evs("e 5 2026-07-15T10:04:00")...)
	h.run()
	if got := len(h.rows("out")); got != 3 {
		t.Errorf("after a restart: %d rows, want 3", got)
	}
}

var keyJoinOut = func() contracts.Contract {
	c := contract("keyjoined", field("k", tString), field("v", tInt64), field("t", tTime), field("rv", tInt64))
	c.Fields[3].Required = false
	return c
}()

// TestOuterJoinWatermarkedKeys: a left outer join on k and the watermarked
// event times of both sides, no range. Spark 4.1 evicts both sides by the
// key and emits an unmatched left row once the watermark passes its time:
// l2 (10:00) and l4 (10:20) only in the fourth arrival's no-data batch,
// at watermark 10:30.
func TestOuterJoinWatermarkedKeys(t *testing.T) {
	right := &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{wm(input("r"), "t", "10m0s")},
		Columns: []ir.NamedExpr{{Name: "k", Expr: col("k")}, {Name: "rv", Expr: col("v")}, {Name: "t", Expr: col("t")}}}
	plan := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{wm(input("l"), "t", "10m0s"), right},
		Join: &ir.Join{Type: ir.JoinLeft, LeftKeys: []string{"k", "t"}, RightKeys: []string{"k", "t"}}}
	h := newHarness(t, pipelineDoc(plan, keyJoinOut, []string{"l", "r"}), "append")
	row := func(k, v, at, rv string) string {
		return `{"k":"` + k + `","v":` + v + `,"t":"2026-01-01T` + at + `Z","rv":` + rv + `}`
	}
	first := []string{row("0", "0", "00:00:00", "100"), row("1", "1", "10:00:00", "101")}
	replay(t, h, []arrival{
		{l: evs("0 0 2026-01-01T00:00:00", "1 1 2026-01-01T10:00:00", "2 2 2026-01-01T10:00:00"),
			r: evs("0 100 2026-01-01T00:00:00", "1 101 2026-01-01T10:00:00"), want: first},
		{l: evs("3 3 2026-01-01T10:05:00"), r: evs("2 102 2026-01-01T10:05:00"), want: first},
		{l: evs("4 4 2026-01-01T10:20:00"), r: evs("3 103 2026-01-01T10:05:00"),
			want: append(first[:2:2], row("3", "3", "10:05:00", "103"))},
		{l: evs("5 5 2026-01-01T10:40:00"), r: evs("9 109 2026-01-01T10:40:00"),
			want: append(first[:2:2], row("3", "3", "10:05:00", "103"), row("2", "2", "10:00:00", "null"), row("4", "4", "10:20:00", "null"))},
	})
	if got := h.eng.Queries[0].StateRows(); got != 2 {
		t.Errorf("state rows %d, want 2 (Spark: left 5 and right 9 at watermark 10:30)", got)
	}
}

var joinWindowOut = contract("windows", field("window_start", tTime), field("window_end", tTime), field("n", tInt64), field("s", tInt64))

// TestWindowAfterTimeIntervalJoin: hourly windows of an inner join of
// orders (l) and payments (r: rt within an hour after t, both watermarks
// 10 minutes). The aggregation's watermark is the join's output watermark,
// W − 1 h − 1 ms (Spark 3.5+ propagation), so a window closes an hour
// after the global watermark passes its end: [10:00, 11:00) with W = 12:20,
// not with W = 11:00; the orders of the fourth arrival behind the join's
// late-events watermark (12:20) are dropped by the join.
func TestWindowAfterTimeIntervalJoin(t *testing.T) {
	right := &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{wm(input("r"), "t", "10m0s")},
		Columns: []ir.NamedExpr{{Name: "k", Expr: col("k")}, {Name: "amount", Expr: col("v")}, {Name: "rt", Expr: col("t")}}}
	join := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{wm(input("l"), "t", "10m0s"), right},
		Join: &ir.Join{Type: ir.JoinInner, LeftKeys: []string{"k"}, RightKeys: []string{"k"},
			TimeRange: &ir.TimeRange{LeftTime: "t", RightTime: "rt", Lower: "0s", Upper: "1h0m0s"}}}
	plan := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{join},
		Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"},
		Aggs:   []ir.NamedExpr{{Name: "n", Expr: agg("count")}, {Name: "s", Expr: agg("sum", col("amount"))}}}
	h := newHarness(t, pipelineDoc(plan, joinWindowOut, []string{"l", "r"}), "append")
	w := func(h, n, s string) string {
		return `{"window_start":"2026-01-01T` + h + `:00:00Z","window_end":"2026-01-01T` + next(h) + `:00:00Z","n":` + n + `,"s":` + s + `}`
	}
	w10, w11, w12, w13 := w("10", "2", "3"), w("11", "1", "4"), w("12", "1", "8"), w("13", "1", "32")
	replay(t, h, []arrival{
		{l: evs("1 0 2026-01-01T10:00:00", "2 0 2026-01-01T10:30:00"), r: evs("1 1 2026-01-01T10:10:00", "2 2 2026-01-01T10:40:00")},
		{l: evs("3 0 2026-01-01T11:10:00"), r: evs("3 4 2026-01-01T11:20:00")},
		{l: evs("4 0 2026-01-01T12:30:00"), r: evs("4 8 2026-01-01T12:35:00"), want: []string{w10}},
		{l: evs("5 0 2026-01-01T10:50:00", "6 0 2026-01-01T13:00:00"), r: evs("5 16 2026-01-01T11:00:00", "6 32 2026-01-01T13:05:00"), want: []string{w10}},
		{l: evs("7 0 2026-01-01T14:30:00"), r: evs("7 64 2026-01-01T14:31:00"), want: []string{w10, w11, w12}},
		{l: evs("8 0 2026-01-01T16:00:00"), r: evs("8 128 2026-01-01T16:01:00"), want: []string{w10, w11, w12, w13}},
	})
}

// next is the hour after hh.
func next(hh string) string {
	return map[string]string{"10": "11", "11": "12", "12": "13", "13": "14"}[hh]
}

var dayOut = contract("days", field("k", tString), field("window_start", tTime), field("window_end", tTime), field("v", tInt64))

// TestChainedWindowsOnWindowTime: hourly sums chained into daily sums on
// WindowTime(window_end), the hour's event time (Spark 4.1,
// window(window_time(window), "1 day")): the hour [23:00, 24:00) of the
// first day counts in that day, and each day closes once the hourly
// aggregation's watermark passes its end.
func TestChainedWindowsOnWindowTime(t *testing.T) {
	hourly := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wm(input("l"), "t", "10m0s")}, GroupBy: []*ir.Expr{col("k")},
		Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "t", Duration: "1h0m0s"},
		Aggs:   []ir.NamedExpr{{Name: "v", Expr: agg("sum", col("v"))}}}
	wt := &ir.Node{Op: ir.OpWithColumn, Inputs: []*ir.Node{hourly},
		Columns: []ir.NamedExpr{{Name: "hour_time", Expr: call("window_time", col("window_end"))}}}
	plan := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{wt}, GroupBy: []*ir.Expr{col("k")},
		Window: &ir.Window{Kind: ir.Tumbling, TimeColumn: "hour_time", Duration: "24h0m0s"},
		Aggs:   []ir.NamedExpr{{Name: "v", Expr: agg("sum", col("v"))}}}
	h := newHarness(t, pipelineDoc(plan, dayOut, []string{"l"}), "append")
	day := func(k, d, v string) string {
		return `{"k":"` + k + `","window_start":"2026-01-0` + d + `T00:00:00Z","window_end":"2026-01-0` + string(rune(d[0]+1)) + `T00:00:00Z","v":` + v + `}`
	}
	d1, d2, d3 := day("1", "1", "3"), day("1", "2", "12"), day("1", "3", "16")
	replay(t, h, []arrival{
		{l: evs("1 1 2026-01-01T23:10:00", "1 2 2026-01-01T22:10:00")},
		{l: evs("1 4 2026-01-02T00:20:00"), want: []string{d1}},
		{l: evs("1 8 2026-01-02T01:30:00"), want: []string{d1}},
		{l: evs("1 16 2026-01-03T02:00:00"), want: []string{d1, d2}},
		{l: evs("2 32 2026-01-04T05:00:00"), want: []string{d1, d2, d3}},
	})
}
