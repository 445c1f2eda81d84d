package localengine

import (
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// semiBatch is one run of the harness: events added to l and r (k, v,
// time triples; times are 2026-07-15 hh:mm) before it, and the rows held in
// the join's state after it.
type semiBatch struct {
	l, r      []string
	wantState int
}

// ev expands "k v hh:mm" triples given as space-separated strings.
func ev(s ...string) []string {
	var out []string
	for _, e := range s {
		f := strings.Fields(e)
		out = append(out, f[0], f[1], "2026-07-15T"+f[2]+":00Z")
	}
	return out
}

// TestStreamStreamSemiJoin runs joinPlan(semi): l semi-join r on k with
// r.rt BETWEEN l.t AND l.t + 10m, both watermarks with delay 0. A left row
// is emitted once, when its first match arrives (on either side, in any
// batch); unmatched left rows never are; both sides are evicted once their
// state watermark reaches them: left t at or before W − 10m − 1 ms, right
// rt at or before W − 1 ms (Spark's getStateValueWatermark, measured on
// the server: at W = 10:00 a left row at 09:50 and a right row at 10:00
// stay in state).
func TestStreamStreamSemiJoin(t *testing.T) {
	tests := []struct {
		name    string
		batches []semiBatch
		want    []string // "k v hh:mm" of the emitted left rows
	}{
		{name: "right first, matched left row not stored",
			batches: []semiBatch{
				{r: ev("a 10 10:05"), wantState: 1},
				{l: ev("a 1 10:00"), wantState: 1},
			},
			want: []string{"a 1 10:00"}},
		{name: "left first, emitted once for two matches",
			batches: []semiBatch{
				{l: ev("a 1 10:00"), wantState: 1},
				{r: ev("a 10 10:05", "a 11 10:07"), wantState: 3},
				{r: ev("a 12 10:09"), wantState: 4},
			},
			want: []string{"a 1 10:00"}},
		{name: "same batch",
			batches: []semiBatch{
				{l: ev("a 1 10:00"), r: ev("a 10 10:05"), wantState: 2},
			},
			want: []string{"a 1 10:00"}},
		{name: "each left row of a key once",
			batches: []semiBatch{
				{l: ev("a 1 10:00", "a 2 10:02", "a 3 09:30"), wantState: 3},
				// then the watermark is min(10:02, 10:05): a no-data batch
				// evicts left a@09:30 (its bound 09:40 has passed)
				{r: ev("a 10 10:05"), wantState: 3},
			},
			want: []string{"a 1 10:00", "a 2 10:02"}},
		{name: "outside the range or another key: nothing",
			batches: []semiBatch{
				// 5 rows stored, then the no-data batch at 10:00 evicts
				// right a@09:59
				{l: ev("a 1 10:00", "b 2 10:00"), r: ev("a 10 10:11", "a 11 09:59", "c 12 10:05"), wantState: 4},
			},
			want: nil},
		{name: "range bounds are inclusive",
			batches: []semiBatch{
				{l: ev("a 1 10:00", "b 2 10:00"), wantState: 2},
				// right a@10:00 stays after the no-data batch at 10:00:
				// the right state watermark is 09:59:59.999
				{r: ev("a 10 10:00", "b 20 10:10"), wantState: 4},
			},
			want: []string{"a 1 10:00", "b 2 10:00"}},
		{name: "eviction",
			batches: []semiBatch{
				// watermark then min(10:05, 10:00) = 10:00: the no-data
				// batch keeps right x@10:00 (right state watermark 09:59:59.999)
				{l: ev("a 1 10:00", "b 2 10:05"), r: ev("x 9 10:00"), wantState: 3},
				// right b matches left b: emitted, b stays (matched); then
				// 10:12 evicts left a (at or before 10:01:59.999) and right
				// x, keeps right b@10:12
				{l: ev("c 3 10:30"), r: ev("b 20 10:12"), wantState: 3},
				// d matches when its right row comes; then 10:40 evicts
				// left b@10:05 and right b@10:12, keeps left c@10:30 and
				// d@10:40 and right d@10:45
				{l: ev("d 4 10:40"), r: ev("d 40 10:45"), wantState: 3},
				// the watermark stays at 10:40: nothing evicted
				{r: ev("z 0 11:00"), wantState: 4},
				// left e@10:35 is behind the watermark 10:40: dropped, so it
				// neither matches right d nor is stored; left d@10:41 matches
				// (emitted, not stored); then 10:41 evicts left c@10:30
				{l: ev("e 5 10:35", "d 6 10:41"), wantState: 3},
			},
			want: []string{"b 2 10:05", "d 4 10:40", "d 6 10:41"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, pipelineDoc(joinPlan(ir.JoinSemi), evOut, []string{"l", "r"}), "append")
			for i, b := range tc.batches {
				if len(b.l) > 0 {
					h.add("l", b.l...)
				}
				if len(b.r) > 0 {
					h.add("r", b.r...)
				}
				h.run()
				if got := h.eng.Queries[0].StateRows(); got != b.wantState {
					t.Errorf("after batch %d: %d state rows, want %d", i, got, b.wantState)
				}
			}
			var want []string
			for _, w := range tc.want {
				f := strings.Fields(w)
				want = append(want, `{"k":"`+f[0]+`","v":`+f[1]+`,"t":"2026-07-15T`+f[2]+`:00Z"}`)
			}
			if diff := cmp.Diff(sorted(want), sorted(h.rows("out")), cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStreamStreamAntiJoinRejected: Spark has no stream–stream left anti
// join, and neither has the local engine.
func TestStreamStreamAntiJoinRejected(t *testing.T) {
	doc := pipelineDoc(joinPlan(ir.JoinAnti), evOut, []string{"l", "r"})
	m, l := planMemory(t, doc, t.TempDir(), planner.Options{}, true)
	if !slices.Contains(l.Codes(), planner.CodeStreamAntiJoin) {
		t.Errorf("plan: %v, want %s", l, planner.CodeStreamAntiJoin)
	}
	if _, err := Open(m, "p", &Env{}); err == nil || !strings.Contains(err.Error(), "anti join") {
		t.Fatalf("Open: %v, want an error about the anti join", err)
	}
}

// TestStreamStreamSemiJoinRightWatermarkOnly: Spark accepts a semi join
// with a watermark on the right input only (and a time range), but then
// evicts neither side (a side's state watermark needs its own watermark and
// one on the other side's range column), runs no no-data batches (the
// watermark cleans no state) and drops no late left rows.
func TestStreamStreamSemiJoinRightWatermarkOnly(t *testing.T) {
	plan := joinPlan(ir.JoinSemi)
	plan.Inputs[0] = input("l") // no watermark on the left
	h := newHarness(t, pipelineDoc(plan, evOut, []string{"l", "r"}), "append")
	steps := []semiBatch{
		// the watermark is then 10:30 (the right input's alone)
		{l: ev("a 1 10:25"), r: ev("b 20 09:50", "x 9 10:30"), wantState: 3},
		// left b@09:45 is behind the watermark but the left input has
		// none: it meets the stored right b@09:50, which a join with both
		// watermarks would have evicted; right c@10:00 is judged against
		// the previous batch's watermark (none): kept
		{l: ev("b 2 09:45"), r: ev("a 10 10:33", "c 30 10:00"), wantState: 5},
		// now right d@10:05 is behind the previous batch's watermark
		// (10:30): dropped, so left d stays unmatched
		{l: ev("d 4 10:00"), r: ev("d 40 10:05"), wantState: 6},
	}
	for i, b := range steps {
		h.add("l", b.l...)
		h.add("r", b.r...)
		h.run()
		if got := h.eng.Queries[0].StateRows(); got != b.wantState {
			t.Errorf("after batch %d: %d state rows, want %d", i, got, b.wantState)
		}
	}
	if n := len(h.runs); n != len(steps) {
		t.Errorf("%d batches ran, want %d (no no-data batches)", n, len(steps))
	}
	want := []string{`{"k":"a","v":1,"t":"2026-07-15T10:25:00Z"}`, `{"k":"b","v":2,"t":"2026-07-15T09:45:00Z"}`}
	if diff := cmp.Diff(sorted(want), sorted(h.rows("out"))); diff != "" {
		t.Errorf("rows (-want +got):\n%s", diff)
	}
}
