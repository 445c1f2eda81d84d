package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleInputsBound: every input of a step's transformation is bound, and every
// binding and load reads a stream that exists (an extract's valid, invalid or
// late branch, or a step's out or late branch).
var ruleInputsBound = Rule{
	Name:    "inputs-bound",
	Summary: "every transformation input is bound to an existing stream; loads read existing streams",
	Codes:   []string{CodeUnboundInput, CodeDanglingRef},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			for i := range pp.p.Steps {
				checkStepInputs(c, pp, &pp.p.Steps[i])
			}
			for i := range pp.p.Loads {
				ld := &pp.p.Loads[i]
				checkRef(c, pp, ld.From, ld.Pos, pp.path("load:"+ld.Asset))
			}
		}
	},
}

func checkStepInputs(c *Checker, pp *pipe, st *ir.Step) {
	bound := map[string]bool{}
	for _, b := range st.Inputs {
		bound[b.Input] = true
		checkRef(c, pp, b.From, st.Pos, pp.path(st.ID, b.Input))
	}
	t, ok := c.ix.transfs[st.Transformation]
	if !ok {
		return
	}
	for _, p := range t.Inputs {
		if !bound[p.Name] {
			c.report(CodeUnboundInput, diag.Error, st.Pos, pp.path(st.ID, p.Name), "pass a stream for every input of the transformation in the Step call",
				fmt.Sprintf("input %s of transformation %s is not bound in step %s", p.Name, t.ID, st.ID))
		}
	}
}

func checkRef(c *Checker, pp *pipe, r ir.Ref, pos diag.Position, path string) {
	if _, ok := pp.extracts[r.Node]; ok {
		if r.Port == ir.PortValid || r.Port == ir.PortInvalid || r.Port == ir.PortLate || r.Port == ir.PortQuarantine {
			return
		}
	} else if _, ok := pp.steps[r.Node]; ok {
		if r.Port == ir.PortOut || r.Port == ir.PortLate || r.Port == ir.PortQuarantine {
			return
		}
	}
	c.report(CodeDanglingRef, diag.Error, pos, path, "read an extract's Valid(), Invalid() or Late() branch or a step's output",
		fmt.Sprintf("stream %s.%s does not exist in pipeline %s", r.Node, r.Port, pp.p.ID))
}
