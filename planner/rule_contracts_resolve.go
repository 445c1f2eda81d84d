package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleContractsResolve: every contract a transformation port or a plan's Into
// names is in the document. (Extract and load contracts are checked when the
// profile is bound: ETL-P340.)
var ruleContractsResolve = Rule{
	Name:    "contracts-resolve",
	Summary: "transformation inputs, outputs and Into targets name contracts of the document",
	Codes:   []string{CodeUnknownContract},
	Check: func(c *Checker) {
		for i := range c.ix.doc.Transformations {
			t := &c.ix.doc.Transformations[i]
			for _, p := range append(append([]ir.Port(nil), t.Inputs...), t.Outputs...) {
				if _, ok := c.ix.contracts[p.Contract]; !ok {
					c.report(CodeUnknownContract, diag.Error, t.Pos, t.ID+"/"+p.Name, "declare the contract type with a +etl:contract marker in a package the pipeline imports",
						fmt.Sprintf("transformation %s port %s names contract %q, which the document does not declare", t.ID, p.Name, p.Contract))
				}
			}
		}
		for _, pp := range c.pipes {
			for i := range pp.p.Steps {
				st := &pp.p.Steps[i]
				walkPlan(st.Plan, func(n *ir.Node) {
					if n.Op != ir.OpIntoOutput {
						return
					}
					if _, ok := c.ix.contracts[n.Output]; !ok {
						c.report(CodeUnknownContract, diag.Error, nodePos(n, st), pp.path(st.ID, "into"), "declare the output contract with a +etl:contract marker",
							fmt.Sprintf("step %s converts into contract %q, which the document does not declare", st.ID, n.Output))
					}
				})
			}
		}
	},
}

// walkPlan visits a plan tree in pre-order.
func walkPlan(n *ir.Node, f func(*ir.Node)) {
	if n == nil {
		return
	}
	f(n)
	for _, in := range n.Inputs {
		walkPlan(in, f)
	}
}

func nodePos(n *ir.Node, st *ir.Step) diag.Position {
	if n.Pos.IsValid() {
		return n.Pos
	}
	return st.Pos
}
