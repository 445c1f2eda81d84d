package etl_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
)

// TestExpect: a well-formed expectation is recorded on the stream it is
// declared on, with its position; each ill-formed one is refused with
// ETL-D219 (or ETL-D207 inside a transformation body) at the call.
func TestExpect(t *testing.T) {
	tests := []struct {
		name string
		body func(p *etl.Builder)
		want []ir.Expectation // Pos aside
		code string
	}{
		{name: "drop on valid rows", body: func(p *etl.Builder) {
			etl.Load(p, "out", etl.Extract[OrderEvent](p, "in").Valid().ExpectOrDrop("positive", o.OrderID.Gt(0)))
		}, want: []ir.Expectation{{Name: "positive", On: ir.Ref{Node: "in", Port: ir.PortValid}, Kind: ir.ExpectPredicate, Action: ir.ExpectDrop,
			Predicate: o.OrderID.Gt(0).IR()}}},
		{name: "unique and fail on a step's output", body: func(p *etl.Builder) {
			s := passThrough[etl.NoParams]("keep").Step(p, etl.Extract[OrderEvent](p, "in").Valid(), etl.NoParams{})
			etl.Load(p, "out", s.ExpectUnique("one", etl.Warn, o.EventID).ExpectOrFail("known", o.CustomerID.Ne(9)))
		}, want: []ir.Expectation{
			{Name: "one", On: ir.Ref{Node: "keep", Port: ir.PortOut}, Kind: ir.ExpectUnique, Keys: []string{"event_id"}, Action: ir.ExpectWarn},
			{Name: "known", On: ir.Ref{Node: "keep", Port: ir.PortOut}, Kind: ir.ExpectPredicate, Action: ir.ExpectFail, Predicate: o.CustomerID.Ne(9).IR()}}},
		{name: "no name", body: func(p *etl.Builder) { etl.Extract[OrderEvent](p, "in").Valid().Expect("", o.OrderID.Gt(0), etl.Warn) }, code: ir.CodeBadExpectation},
		{name: "twice", body: func(p *etl.Builder) {
			etl.Extract[OrderEvent](p, "in").Valid().Expect("e", o.OrderID.Gt(0), etl.Warn).ExpectOrDrop("e", o.OrderID.Gt(1))
		}, code: ir.CodeBadExpectation},
		{name: "no expression", body: func(p *etl.Builder) { etl.Extract[OrderEvent](p, "in").Valid().ExpectOrFail("e", nil) }, code: ir.CodeBadExpectation},
		{name: "no key", body: func(p *etl.Builder) { etl.Extract[OrderEvent](p, "in").Valid().ExpectUnique("e", etl.Drop) }, code: ir.CodeBadExpectation},
		{name: "quarantine and its rows loaded", body: func(p *etl.Builder) {
			v := etl.Extract[OrderEvent](p, "in").Valid().ExpectOrQuarantine("positive", o.OrderID.Gt(0)).Expect("known", o.CustomerID.Ne(9), etl.Quarantine)
			etl.Load(p, "out", v)
			etl.Load(p, "held", etl.Into[OrderEvent](v.Quarantined()))
		}, want: []ir.Expectation{
			{Name: "positive", On: ir.Ref{Node: "in", Port: ir.PortValid}, Kind: ir.ExpectPredicate, Action: ir.ExpectQuarantine, Predicate: o.OrderID.Gt(0).IR()},
			{Name: "known", On: ir.Ref{Node: "in", Port: ir.PortValid}, Kind: ir.ExpectPredicate, Action: ir.ExpectQuarantine, Predicate: o.CustomerID.Ne(9).IR()}}},
		{name: "quarantined rows of invalid rows", body: func(p *etl.Builder) {
			in := etl.Extract[OrderEvent](p, "in")
			etl.Into[OrderEvent](in.Invalid()).Quarantined()
		}, code: ir.CodeBadExpectation},
		{name: "unknown action", body: func(p *etl.Builder) {
			etl.Extract[OrderEvent](p, "in").Valid().Expect("e", o.OrderID.Gt(0), etl.Action("hold"))
		}, code: ir.CodeBadExpectation},
		{name: "on invalid rows", body: func(p *etl.Builder) {
			in := etl.Extract[OrderEvent](p, "in")
			etl.Into[OrderEvent](in.Invalid()).Expect("e", o.OrderID.Gt(0), etl.Warn)
		}, code: ir.CodeBadExpectation},
		{name: "inside a transformation", body: func(p *etl.Builder) {
			tr := etl.Transform("expecting", func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[OrderEvent] {
				return in.ExpectOrDrop("e", o.OrderID.Gt(0))
			})
			etl.Load(p, "out", tr.Step(p, etl.Extract[OrderEvent](p, "in").Valid(), etl.NoParams{}))
		}, code: ir.CodeWrongContext},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := etl.NewPipeline("p-"+strings.ReplaceAll(tc.name, " ", "-"), "1", tc.body).Document()
			if tc.code != "" {
				if got := doc.Diagnostics.Codes(); !cmp.Equal(got, []string{tc.code}) || !strings.HasSuffix(doc.Diagnostics[0].Pos.File, "expect_test.go") {
					t.Fatalf("diagnostics %v, want one %s in this file", doc.Diagnostics, tc.code)
				}
				return
			}
			if len(doc.Diagnostics) > 0 {
				t.Fatalf("diagnostics %v", doc.Diagnostics)
			}
			got := doc.Pipelines[0].Expectations
			for i := range got {
				if !strings.HasSuffix(got[i].Pos.File, "expect_test.go") || got[i].Pos.Line == 0 {
					t.Errorf("expectation %s at %v, want a position in this file", got[i].Name, got[i].Pos)
				}
				got[i].Pos = tc.want[i].Pos
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("expectations (-want +got):\n%s", diff)
			}
		})
	}
}
