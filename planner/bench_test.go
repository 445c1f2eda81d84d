package planner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// BenchmarkPlan measures the planner alone (in process, no IR program): the
// example, and the example with 499 filter steps chained before its
// aggregation. `etlgen validate` adds the IR program and process start; see
// internal/cli's BenchmarkValidate.
func BenchmarkPlan(b *testing.B) {
	dir := "testdata/corpus/ok_example"
	data := mustReadB(b, filepath.Join(dir, "ir.json"))
	prof, pd := profile.Parse("profile.yaml", mustReadB(b, filepath.Join(dir, "profile.yaml")))
	if pd.HasErrors() {
		b.Fatal(pd)
	}
	for _, steps := range []int{1, 500} {
		doc, err := ir.Unmarshal(data)
		if err != nil {
			b.Fatal(err)
		}
		chain(doc, steps-1)
		b.Run(fmt.Sprintf("steps%d", steps), func(b *testing.B) {
			for b.Loop() {
				if _, l := planner.Plan(doc, prof, planner.Options{}); l.HasErrors() {
					b.Fatal(l.Err())
				}
			}
		})
	}
}

// chain inserts n filter steps between the extract and the aggregation.
func chain(doc *ir.Document, n int) {
	p := &doc.Pipelines[0]
	agg := p.Steps[0]
	from := ir.Ref{Node: "order_events", Port: ir.PortValid}
	var steps []ir.Step
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("keep-%d", i)
		plan := &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{{Op: ir.OpInput, Input: "orders"}},
			Predicate: &ir.Expr{Kind: ir.ExprCall, Name: ">=", Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "order_id"}, {Kind: ir.ExprLiteral, Value: fmt.Sprint(i), Type: &contracts.Type{Kind: contracts.KindInt64}}}}}
		doc.Transformations = append(doc.Transformations, ir.Transformation{ID: id, Inputs: []ir.Port{{Name: "orders", Contract: "order-event"}},
			Outputs: []ir.Port{{Name: "out", Contract: "order-event"}}, Plan: plan})
		steps = append(steps, ir.Step{ID: id, Transformation: id, Inputs: []ir.Binding{{Input: "orders", From: from}}, Plan: plan})
		from = ir.Ref{Node: id, Port: ir.PortOut}
	}
	agg.Inputs = []ir.Binding{{Input: "orders", From: from}}
	p.Steps = append(steps, agg)
}

func mustReadB(b *testing.B, path string) []byte {
	b.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	return data
}
