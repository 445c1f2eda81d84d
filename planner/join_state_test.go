package planner_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// TestInnerJoinState: ETL-S422 says whose rows an inner stream–stream join
// keeps for ever and exactly what each side lacks: Spark evicts a side's
// rows once the other input's watermark on the range passes them.
func TestInnerJoinState(t *testing.T) {
	tests := []struct {
		name        string
		left, right bool // WithWatermark on the input's event time
		within      bool // an event-time range
		want        string
		hint        string
	}{
		{name: "nothing", want: "keeps the rows of both inputs for ever: it has no watermarked join key, and lacks a watermark on the left input, " +
			"a watermark on the right input and an event-time range (etl.Within)",
			hint: "call WithWatermark on both inputs' event time and give the join an event-time range (etl.Within)"},
		{name: "left watermark only", left: true,
			want: "keeps the rows of both inputs for ever: it has no watermarked join key, and lacks a watermark on the right input and an event-time range (etl.Within)"},
		{name: "both watermarks, no range", left: true, right: true,
			want: "keeps the rows of both inputs for ever: it has no watermarked join key, and lacks an event-time range (etl.Within)",
			hint: "add an event-time range (etl.Within)"},
		{name: "range, left watermark only", left: true, within: true,
			want: "keeps the left input's rows for ever: it has no watermarked join key, and lacks a watermark on the right input (on its range column paid_at)",
			hint: "add a watermark on the right input (on its range column paid_at)"},
		{name: "range, right watermark only", right: true, within: true,
			want: "keeps the right input's rows for ever: it has no watermarked join key, and lacks a watermark on the left input (on its range column event_time)"},
		{name: "range, no watermark", within: true,
			want: "keeps the rows of both inputs for ever: it has no watermarked join key, and lacks a watermark on the left input (on its range column event_time) " +
				"and a watermark on the right input (on its range column paid_at)"},
		{name: "bounded", left: true, right: true, within: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f := corpusFixture(t, "inner_join_unbounded_warns", modesDropped)
			eachNode(f.doc, func(n *ir.Node) {
				if n.Op != ir.OpJoin {
					return
				}
				for i, on := range []bool{tc.left, tc.right} {
					if on {
						n.Inputs[i] = &ir.Node{Op: ir.OpWatermark, Inputs: []*ir.Node{n.Inputs[i]}, Column: []string{"event_time", "paid_at"}[i], Delay: "10m0s"}
					}
				}
				if tc.within {
					n.Join.TimeRange = &ir.TimeRange{LeftTime: "event_time", RightTime: "paid_at", Lower: "0s", Upper: "1h0m0s"}
				}
			})
			l := f.plan(t)
			i := slices.IndexFunc(l, func(d diag.Diagnostic) bool { return d.Code == planner.CodeUnboundedJoin })
			switch {
			case tc.want == "" && i >= 0:
				t.Fatalf("want no %s:\n%s", planner.CodeUnboundedJoin, diagText(l))
			case tc.want == "":
				return
			case i < 0:
				t.Fatalf("no %s:\n%s", planner.CodeUnboundedJoin, diagText(l))
			}
			if d := l[i]; !strings.HasSuffix(d.Message, tc.want) || (tc.hint != "" && d.Hint != tc.hint) || d.Severity != diag.Warning {
				t.Errorf("got %s\nwant a warning ending %q, hint %q", d, tc.want, tc.hint)
			}
		})
	}
}
