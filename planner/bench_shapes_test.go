package planner_test

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// BenchmarkPlanShapes measures planning cost by pipeline shape and size
// (10, 100, 1000 nodes): a chain of steps, a fan-out of one source into
// many loads, a diamond (each step unions the previous step with itself,
// so a query reaches every step along 2^n paths) and a deep transformation
// body (one plan of n operators). Planning must stay linear in the size:
// compare ns/op and B/op across sizes (`make bench`).
func BenchmarkPlanShapes(b *testing.B) {
	dir := "testdata/corpus/ok_example"
	base := mustReadB(b, filepath.Join(dir, "ir.json"))
	profYAML := string(mustReadB(b, filepath.Join(dir, "profile.yaml")))
	for _, shape := range []struct {
		name  string
		build func(doc *ir.Document, n int) []string // returns the extra sink assets
	}{
		{"chain", func(doc *ir.Document, n int) []string { chain(doc, n); return nil }},
		{"fanout", fanout},
		{"diamond", func(doc *ir.Document, n int) []string { diamond(doc, n); return nil }},
		{"deep", func(doc *ir.Document, n int) []string { deepBody(doc, n); return nil }},
	} {
		for _, n := range []int{10, 100, 1000} {
			doc, err := ir.Unmarshal(base)
			if err != nil {
				b.Fatal(err)
			}
			extra := shape.build(doc, n)
			prof := profileWith(b, profYAML, extra)
			b.Run(fmt.Sprintf("%s/%d", shape.name, n), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if _, l := planner.Plan(doc, prof, planner.Options{}); l.HasErrors() && !onlyExpandedPlan(l) {
						b.Fatal(l.Err())
					}
				}
			})
		}
	}
}

// onlyExpandedPlan reports whether every error is ETL-S424: a diamond of
// ten steps or more reads its source along more than 64 paths, which the
// planner refuses after planning it in full (what the benchmark measures).
func onlyExpandedPlan(l diag.List) bool {
	for _, d := range l {
		if d.Severity == diag.Error && d.Code != planner.CodeExpandedPlan {
			return false
		}
	}
	return true
}

// profileWith binds extra Delta append sinks besides the example's assets.
func profileWith(b *testing.B, yaml string, sinks []string) *profile.Profile {
	b.Helper()
	var extra strings.Builder
	for _, s := range sinks {
		fmt.Fprintf(&extra, "  %s: {plugin: delta, table: out.%s, write_mode: append}\n", s, strings.ReplaceAll(s, "-", "_"))
	}
	yaml = strings.Replace(yaml, "assets:\n", "assets:\n"+extra.String(), 1)
	p, l := profile.Parse("profile.yaml", []byte(yaml))
	if l.HasErrors() {
		b.Fatal(l)
	}
	return p
}

// keepStep is a step filtering order events on order_id >= i, reading from.
func keepStep(doc *ir.Document, id string, i int, from ir.Ref) ir.Step {
	plan := filterNode(&ir.Node{Op: ir.OpInput, Input: "orders"}, i)
	doc.Transformations = append(doc.Transformations, ir.Transformation{ID: id, Inputs: []ir.Port{{Name: "orders", Contract: "order-event"}},
		Outputs: []ir.Port{{Name: "out", Contract: "order-event"}}, Plan: plan})
	return ir.Step{ID: id, Transformation: id, Inputs: []ir.Binding{{Input: "orders", From: from}}, Plan: plan}
}

func filterNode(in *ir.Node, i int) *ir.Node {
	return &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{in},
		Predicate: &ir.Expr{Kind: ir.ExprCall, Name: ">=", Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "order_id"},
			{Kind: ir.ExprLiteral, Value: fmt.Sprint(i), Type: &contracts.Type{Kind: contracts.KindInt64}}}}}
}

// fanout adds n filter steps over the source, each loaded into its own sink.
func fanout(doc *ir.Document, n int) []string {
	p := &doc.Pipelines[0]
	src := ir.Ref{Node: "order_events", Port: ir.PortValid}
	var sinks []string
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("keep-%d", i)
		p.Steps = append(p.Steps, keepStep(doc, id, i, src))
		asset := fmt.Sprintf("out-%d", i)
		p.Loads = append(p.Loads, ir.Load{Asset: asset, From: ir.Ref{Node: id, Port: ir.PortOut}, Contract: "order-event"})
		sinks = append(sinks, asset)
	}
	return sinks
}

// diamond puts n union steps before the aggregation, each reading the
// previous step twice.
func diamond(doc *ir.Document, n int) {
	p := &doc.Pipelines[0]
	agg := p.Steps[0]
	first := keepStep(doc, "keep", 0, ir.Ref{Node: "order_events", Port: ir.PortValid})
	steps := []ir.Step{first}
	union := &ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{{Op: ir.OpInput, Input: "a"}, {Op: ir.OpInput, Input: "b"}}}
	doc.Transformations = append(doc.Transformations, ir.Transformation{ID: "self-union",
		Inputs:  []ir.Port{{Name: "a", Contract: "order-event"}, {Name: "b", Contract: "order-event"}},
		Outputs: []ir.Port{{Name: "out", Contract: "order-event"}}, Plan: union})
	prev := first.ID
	for i := 0; i < n; i++ {
		id := fmt.Sprintf("union-%d", i)
		from := ir.Ref{Node: prev, Port: ir.PortOut}
		steps = append(steps, ir.Step{ID: id, Transformation: "self-union", Plan: union,
			Inputs: []ir.Binding{{Input: "a", From: from}, {Input: "b", From: from}}})
		prev = id
	}
	agg.Inputs = []ir.Binding{{Input: agg.Inputs[0].Input, From: ir.Ref{Node: prev, Port: ir.PortOut}}}
	p.Steps = append(steps, agg)
}

// deepBody puts one step of n chained filters before the aggregation.
func deepBody(doc *ir.Document, n int) {
	p := &doc.Pipelines[0]
	agg := p.Steps[0]
	plan := &ir.Node{Op: ir.OpInput, Input: "orders"}
	for i := 0; i < n; i++ {
		plan = filterNode(plan, i)
	}
	doc.Transformations = append(doc.Transformations, ir.Transformation{ID: "deep", Inputs: []ir.Port{{Name: "orders", Contract: "order-event"}},
		Outputs: []ir.Port{{Name: "out", Contract: "order-event"}}, Plan: plan})
	deep := ir.Step{ID: "deep", Transformation: "deep", Plan: plan,
		Inputs: []ir.Binding{{Input: "orders", From: ir.Ref{Node: "order_events", Port: ir.PortValid}}}}
	agg.Inputs = []ir.Binding{{Input: agg.Inputs[0].Input, From: ir.Ref{Node: "deep", Port: ir.PortOut}}}
	p.Steps = []ir.Step{deep, agg}
}
