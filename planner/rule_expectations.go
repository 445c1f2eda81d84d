package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// CodeExpectationDefinition: an expectation without a name, with the name
// of another expectation of the pipeline, of an unknown kind or action,
// without its expression or keys, or on a stream that is not a streaming
// extract's valid rows nor a step's output (docs/diagnostics.md).
const CodeExpectationDefinition = "ETL-D279"

// ruleExpectations checks the pipeline's expectations as the IR states
// them (the DSL refuses most of these first, ETL-D219): a name of its own,
// a known kind and action, and a stream of the pipeline that carries rows
// of a contract or a step. Their expressions are checked by schema
// inference (inferExpectations: ETL-D220, ETL-D221).
var ruleExpectations = Rule{
	Name:    "expectations",
	Summary: "expectations have their own name, a known kind and action, and check a streaming extract's valid rows or a step's output",
	Codes:   []string{CodeExpectationDefinition},
	Check: func(c *Checker) {
		for _, pp := range c.pipes {
			seen := map[string]bool{}
			for i := range pp.p.Expectations {
				e := &pp.p.Expectations[i]
				if hint, msg := expectationProblem(pp, e, seen); msg != "" {
					c.report(CodeExpectationDefinition, diag.Error, e.Pos, pp.path("expectation:"+e.Name), hint, msg)
				}
				seen[e.Name] = true
			}
		}
	},
}

// expectationProblem says what is wrong with e (a hint and a message), ""
// when nothing is.
func expectationProblem(pp *pipe, e *ir.Expectation, seen map[string]bool) (hint, msg string) {
	switch {
	case e.Name == "":
		return "name the expectation", "expectation without a name"
	case seen[e.Name]:
		return "give each expectation of the pipeline its own name", fmt.Sprintf("expectation %s is declared twice", e.Name)
	case e.Kind != ir.ExpectPredicate && e.Kind != ir.ExpectUnique:
		return "use kind predicate or unique", fmt.Sprintf("expectation %s: unknown kind %q", e.Name, e.Kind)
	case e.Action != ir.ExpectWarn && e.Action != ir.ExpectDrop && e.Action != ir.ExpectFail:
		return "use action warn, drop or fail", fmt.Sprintf("expectation %s: unknown action %q", e.Name, e.Action)
	case e.Kind == ir.ExpectPredicate && e.Predicate == nil:
		return "give the expectation a boolean expression", fmt.Sprintf("expectation %s has no expression", e.Name)
	case e.Kind == ir.ExpectUnique && len(e.Keys) == 0:
		return "name the key columns", fmt.Sprintf("expectation %s names no key", e.Name)
	case !expectable(pp, e.On):
		return "expect on a streaming extract's Valid() rows or a step's output",
			fmt.Sprintf("expectation %s: %s.%s is not a streaming extract's valid rows nor a step's output", e.Name, e.On.Node, e.On.Port)
	}
	return "", ""
}

// expectable reports whether an expectation can check stream r.
func expectable(pp *pipe, r ir.Ref) bool {
	if ex, ok := pp.extracts[r.Node]; ok {
		return r.Port == ir.PortValid && !ex.Static
	}
	_, ok := pp.steps[r.Node]
	return ok && r.Port == ir.PortOut
}
