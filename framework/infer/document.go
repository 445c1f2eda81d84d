package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// Result is the inferred output of one transformation plan.
type Result struct {
	// Schema is the schema the plan produces before conforming to the
	// output contract.
	Schema Schema
	// Nodes is the schema of every node of the plan that could be
	// inferred, the root's included (an into node has its input's schema).
	Nodes map[*ir.Node]Schema
	// Diagnostics are the inference and output-check problems.
	Diagnostics diag.List
}

// Transformation infers the default plan of t and checks it against its
// output contract; contracts are resolved from doc.
func Transformation(doc *ir.Document, t *ir.Transformation) Result {
	return check(doc, t, t.Plan, "transformation/"+t.ID)
}

// Step infers the plan of a step (built with the step's parameters) and
// checks it against the transformation's output contract.
func Step(doc *ir.Document, p *ir.Pipeline, st *ir.Step) Result {
	t := findTransformation(doc, st.Transformation)
	if t == nil {
		return Result{}
	}
	return check(doc, t, st.Plan, "pipeline/"+p.ID+"/step/"+st.ID)
}

// Document checks every transformation and every step of doc and returns
// their diagnostics, sorted, each reported once.
func Document(doc *ir.Document) diag.List {
	var all diag.List
	for i := range doc.Transformations {
		all = append(all, Transformation(doc, &doc.Transformations[i]).Diagnostics...)
	}
	for i := range doc.Pipelines {
		p := &doc.Pipelines[i]
		for j := range p.Steps {
			all = append(all, Step(doc, p, &p.Steps[j]).Diagnostics...)
		}
	}
	all = all.Dedupe()
	all.Sort()
	return all
}

// Inputs resolves the contracts of t's inputs from doc, by input name.
// Inputs whose contract is unknown are left out.
func Inputs(doc *ir.Document, t *ir.Transformation) map[string]*contracts.Contract {
	out := map[string]*contracts.Contract{}
	for _, in := range t.Inputs {
		if c := findContract(doc, in.Contract); c != nil {
			out[in.Name] = c
		}
	}
	return out
}

// check infers plan and compares it with t's output contract.
func check(doc *ir.Document, t *ir.Transformation, plan *ir.Node, path string) Result {
	if plan == nil || len(Inputs(doc, t)) != len(t.Inputs) {
		return Result{} // the DSL already reported the missing plan or contract
	}
	w := &walker{inputs: Inputs(doc, t), path: path}
	s, ok := w.node(plan)
	res := Result{Schema: s, Nodes: w.schemas(), Diagnostics: w.diags}
	if !ok || plan.Op != ir.OpIntoOutput {
		return res
	}
	if out := findContract(doc, plan.Output); out != nil {
		res.Diagnostics = append(res.Diagnostics, CheckOutput(s, out, plan.Pos, path)...)
	}
	return res
}

// findContract returns the contract of doc with the given id.
func findContract(doc *ir.Document, id string) *contracts.Contract {
	for i := range doc.Contracts {
		if doc.Contracts[i].ID == id {
			return &doc.Contracts[i]
		}
	}
	return nil
}

// findTransformation returns the transformation of doc with the given id.
func findTransformation(doc *ir.Document, id string) *ir.Transformation {
	for i := range doc.Transformations {
		if doc.Transformations[i].ID == id {
			return &doc.Transformations[i]
		}
	}
	return nil
}
