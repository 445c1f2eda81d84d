package localengine

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// joinPlan joins l and r (both contract ev, right columns renamed) on k
// with r.rt BETWEEN l.t AND l.t + 10m.
func joinPlan(typ ir.JoinType) *ir.Node {
	right := &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{wm(input("r"), "t", "0s")},
		Columns: []ir.NamedExpr{{Name: "k", Expr: col("k")}, {Name: "rv", Expr: col("v")}, {Name: "rt", Expr: col("t")}}}
	return &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{wm(input("l"), "t", "0s"), right},
		Join: &ir.Join{Type: typ, LeftKeys: []string{"k"}, RightKeys: []string{"k"},
			TimeRange: &ir.TimeRange{LeftTime: "t", RightTime: "rt", Lower: "0s", Upper: "10m0s"}}}
}

var joinOut = func() contracts.Contract {
	c := contract("joined", field("k", tString), field("v", tInt64), field("t", tTime), field("rv", tInt64), field("rt", tTime))
	c.Fields[3].Required, c.Fields[4].Required = false, false
	return c
}()

func TestStreamStreamJoin(t *testing.T) {
	tests := []struct {
		typ  ir.JoinType
		want []string
	}{
		{ir.JoinInner, []string{
			`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z","rv":10,"rt":"2026-07-15T10:05:00Z"}`,
		}},
		{ir.JoinLeft, []string{
			`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z","rv":10,"rt":"2026-07-15T10:05:00Z"}`,
			`{"k":"b","v":2,"t":"2026-07-15T10:00:00Z","rv":null,"rt":null}`,
			`{"k":"c","v":3,"t":"2026-07-15T11:00:00Z","rv":null,"rt":null}`,
		}},
	}
	for _, tc := range tests {
		t.Run(string(tc.typ), func(t *testing.T) {
			h := newHarness(t, pipelineDoc(joinPlan(tc.typ), joinOut, []string{"l", "r"}), "append")
			h.add("l", "a", "1", "2026-07-15T10:00:00Z", "b", "2", "2026-07-15T10:00:00Z")
			h.add("r", "z", "0", "2026-07-15T10:00:00Z")
			h.run()
			// the right row of b is outside the range (20m later): no match.
			h.add("r", "a", "10", "2026-07-15T10:05:00Z", "b", "20", "2026-07-15T10:20:00Z")
			h.run()
			// both watermarks pass 10:10: the unmatched left row b is evicted;
			// c (right row 30m later) never matches and is evicted at 12:00
			h.add("l", "c", "3", "2026-07-15T11:00:00Z")
			h.add("r", "c", "30", "2026-07-15T11:30:00Z")
			h.run()
			h.add("l", "d", "3", "2026-07-15T12:00:00Z")
			h.add("r", "d", "30", "2026-07-15T12:30:00Z")
			h.run()
			if diff := cmp.Diff(sorted(tc.want), sorted(h.rows("out"))); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}

// TestStreamStaticJoin: each batch's stream rows join the whole static
// table as it is at that batch (inner and left outer).
func TestStreamStaticJoin(t *testing.T) {
	for _, typ := range []ir.JoinType{ir.JoinInner, ir.JoinLeft, ir.JoinSemi, ir.JoinAnti} {
		t.Run(string(typ), func(t *testing.T) {
			right := &ir.Node{Op: ir.OpSelect, Inputs: []*ir.Node{input("r")},
				Columns: []ir.NamedExpr{{Name: "k", Expr: col("k")}, {Name: "rv", Expr: col("v")}, {Name: "rt", Expr: col("t")}}}
			plan := &ir.Node{Op: ir.OpJoin, Inputs: []*ir.Node{input("l"), right},
				Join: &ir.Join{Type: typ, LeftKeys: []string{"k"}, RightKeys: []string{"k"}, Static: true}}
			out := joinOut
			if typ == ir.JoinSemi || typ == ir.JoinAnti {
				out = evOut
			}
			doc := pipelineDoc(plan, out, []string{"l", "r"})
			doc.Pipelines[0].Extracts[1].Static = true
			doc.Transformations[0].Inputs[1].Static = true
			h := newHarness(t, doc, "append")
			h.add("r", "a", "10", "2026-07-15T09:00:00Z")
			h.add("l", "a", "1", "2026-07-15T10:00:00Z", "b", "2", "2026-07-15T10:00:00Z")
			h.run()
			h.add("r", "b", "20", "2026-07-15T09:00:00Z")
			h.add("l", "b", "3", "2026-07-15T11:00:00Z")
			h.run()
			want := []string{
				`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z","rv":10,"rt":"2026-07-15T09:00:00Z"}`,
				`{"k":"b","v":3,"t":"2026-07-15T11:00:00Z","rv":20,"rt":"2026-07-15T09:00:00Z"}`,
			}
			switch typ {
			case ir.JoinLeft:
				want = append(want, `{"k":"b","v":2,"t":"2026-07-15T10:00:00Z","rv":null,"rt":null}`)
			case ir.JoinSemi:
				want = []string{`{"k":"a","v":1,"t":"2026-07-15T10:00:00Z"}`, `{"k":"b","v":3,"t":"2026-07-15T11:00:00Z"}`}
			case ir.JoinAnti:
				want = []string{`{"k":"b","v":2,"t":"2026-07-15T10:00:00Z"}`}
			}
			if diff := cmp.Diff(sorted(want), sorted(h.rows("out"))); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}
