package profile

import (
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// eventTimes checks that every source feeding a watermark has an event-time
// field, and warns when the watermark is on another column of the source.
func (bc *binder) eventTimes(pl *ir.Pipeline) {
	g := newGraph(bc.doc, pl)
	for _, st := range pl.Steps {
		walkPlan(stepPlan(bc.doc, st), func(n *ir.Node) {
			if n.Op != ir.OpWatermark {
				return
			}
			for _, e := range g.sources(st, n) {
				bc.eventTime(pl, e, n)
			}
		})
	}
}

// eventTime checks one watermarked source.
func (bc *binder) eventTime(pl *ir.Pipeline, e ir.Extract, wm *ir.Node) {
	c, ok := bc.contracts[e.Contract]
	if !ok {
		return // reported by source
	}
	path := pl.ID + "/" + e.Asset
	f, ok := c.EventTimeField()
	if !ok {
		bc.report(diag.Error, CodeNoEventTime, e.Pos, path,
			"mark the event-time field of contract "+c.ID+" with contract:\"eventtime\"",
			"source %s feeds a watermark on %s, but contract %s has no event-time field", e.Asset, wm.Column, c.ID)
		return
	}
	if _, direct := c.Field(wm.Column); direct && wm.Column != f.Name {
		bc.report(diag.Warning, CodeWatermarkColumn, wm.Pos, path, "watermark the event-time field "+f.Name,
			"the watermark is on %s, but the event-time field of contract %s is %s", wm.Column, c.ID, f.Name)
	}
}

// graph answers which extracts feed a plan node.
type graph struct {
	doc      *ir.Document
	extracts map[string]ir.Extract
	steps    map[string]ir.Step
}

func newGraph(doc *ir.Document, pl *ir.Pipeline) *graph {
	g := &graph{doc: doc, extracts: map[string]ir.Extract{}, steps: map[string]ir.Step{}}
	for _, e := range pl.Extracts {
		g.extracts[e.Asset] = e
	}
	for _, s := range pl.Steps {
		g.steps[s.ID] = s
	}
	return g
}

// sources returns the extracts that feed node n of step st, through the
// step's inputs and any upstream steps.
func (g *graph) sources(st ir.Step, n *ir.Node) []ir.Extract {
	var out []ir.Extract
	seen := map[string]bool{}
	var fromRef func(ref ir.Ref)
	var fromNode func(st ir.Step, n *ir.Node)
	fromNode = func(st ir.Step, n *ir.Node) {
		walkPlan(n, func(in *ir.Node) {
			if in.Op != ir.OpInput {
				return
			}
			for _, b := range st.Inputs {
				if b.Input == in.Input {
					fromRef(b.From)
				}
			}
		})
	}
	fromRef = func(ref ir.Ref) {
		if seen[ref.Node] {
			return
		}
		seen[ref.Node] = true
		if e, ok := g.extracts[ref.Node]; ok {
			out = append(out, e)
		} else if up, ok := g.steps[ref.Node]; ok {
			fromNode(up, stepPlan(g.doc, up))
		}
	}
	fromNode(st, n)
	return out
}

// stepPlan returns a step's plan, or its transformation's default plan.
func stepPlan(doc *ir.Document, st ir.Step) *ir.Node {
	if st.Plan != nil {
		return st.Plan
	}
	for _, t := range doc.Transformations {
		if t.ID == st.Transformation {
			return t.Plan
		}
	}
	return nil
}

// walkPlan calls fn for n and every node below it.
func walkPlan(n *ir.Node, fn func(*ir.Node)) {
	if n == nil {
		return
	}
	fn(n)
	for _, in := range n.Inputs {
		walkPlan(in, fn)
	}
}
