package planner

import (
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
)

// Inferred is the inferred schema of one logical plan: the schema its root
// produces (before conforming to the output contract) and that of every
// node. Consumers read schemas here instead of inferring them again.
type Inferred struct {
	// Schema is the schema of the plan's root.
	Schema infer.Schema
	nodes  map[*ir.Node]infer.Schema
}

// Node returns the schema node n produces; false when n is not a node of
// the plan or its schema could not be inferred (a diagnostic says why).
func (i Inferred) Node(n *ir.Node) (infer.Schema, bool) {
	s, ok := i.nodes[n]
	return s, ok
}

// inference holds the inferred schema of every transformation (its default
// plan) and of every step (its plan built with the step's parameters), and
// the problems found, each once.
type inference struct {
	transformations map[string]Inferred
	steps           map[*ir.Step]Inferred
	diags           diag.List
}

// inferDocument infers every transformation and every step of doc once.
func inferDocument(doc *ir.Document) *inference {
	in := &inference{transformations: map[string]Inferred{}, steps: map[*ir.Step]Inferred{}}
	for i := range doc.Transformations {
		t := &doc.Transformations[i]
		r := infer.Transformation(doc, t)
		in.transformations[t.ID] = Inferred{Schema: r.Schema, nodes: r.Nodes}
		in.diags = append(in.diags, r.Diagnostics...)
	}
	for i := range doc.Pipelines {
		p := &doc.Pipelines[i]
		for j := range p.Steps {
			r := infer.Step(doc, p, &p.Steps[j])
			in.steps[&p.Steps[j]] = Inferred{Schema: r.Schema, nodes: r.Nodes}
			in.diags = append(in.diags, r.Diagnostics...)
		}
	}
	inferExpectations(doc, in)
	in.diags = in.diags.Dedupe()
	in.diags.Sort()
	return in
}
