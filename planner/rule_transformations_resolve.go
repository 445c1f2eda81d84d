package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// ruleTransformationsResolve: every step names a declared transformation and
// carries its plan.
var ruleTransformationsResolve = Rule{
	Name:    "transformations-resolve",
	Summary: "steps name declared transformations and carry a plan",
	Codes:   []string{CodeUnknownTransformation},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			for i := range pp.p.Steps {
				st := &pp.p.Steps[i]
				if _, ok := c.ix.transfs[st.Transformation]; !ok {
					c.report(CodeUnknownTransformation, diag.Error, st.Pos, pp.path(st.ID), "declare the transformation with etl.Transform and use its Step method",
						fmt.Sprintf("step %s applies transformation %q, which the document does not declare", st.ID, st.Transformation))
					continue
				}
				if st.Plan == nil {
					c.report(CodeUnknownTransformation, diag.Error, st.Pos, pp.path(st.ID), "regenerate the IR with etlgen ir; a step always carries its plan",
						fmt.Sprintf("step %s has no logical plan", st.ID))
				}
			}
		}
	},
}
