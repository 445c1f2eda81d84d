package planner

import (
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
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
	case e.Action != ir.ExpectWarn && e.Action != ir.ExpectDrop && e.Action != ir.ExpectFail && e.Action != ir.ExpectQuarantine:
		return "use action warn, drop, fail or quarantine", fmt.Sprintf("expectation %s: unknown action %q", e.Name, e.Action)
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

// CodeExpectationOnSpark: an expectation the Spark engine cannot apply as
// the local engine does: a uniqueness expectation (a streaming plan has no
// whole micro-batch before its sink), or one that drops rows or fails the
// batch on a stream a Late() output reads (the Spark program computes late
// rows from the batch's source rows again, without the expectation).
const CodeExpectationOnSpark = "ETL-S468"

// ruleSparkExpectations refuses, on the Spark engine, the expectations its
// program cannot apply with the local engine's result: never a silent
// difference between the engines.
var ruleSparkExpectations = Rule{
	Name:    "spark-expectations",
	Summary: "the Spark engine applies every expectation as the local engine does",
	Codes:   []string{CodeExpectationOnSpark},
	Check: func(c *Checker) {
		if !profile.OnSpark(c.env.Engine) {
			return
		}
		for _, pp := range c.pipes {
			seen := map[string]bool{}
			for i := range pp.p.Expectations {
				e := &pp.p.Expectations[i]
				if _, bad := expectationProblem(pp, e, seen); bad != "" {
					seen[e.Name] = true
					continue // ruleExpectations reports it
				}
				seen[e.Name] = true
				if hint, msg := sparkExpectationProblem(pp, e); msg != "" {
					c.report(CodeExpectationOnSpark, diag.Error, e.Pos, pp.path("expectation:"+e.Name), hint, msg)
				}
			}
		}
	},
}

// sparkExpectationProblem says why the Spark engine cannot apply e (a hint
// and a message), "" when it can.
func sparkExpectationProblem(pp *pipe, e *ir.Expectation) (hint, msg string) {
	if e.Kind == ir.ExpectUnique {
		return "run the pipeline on the local engine, or deduplicate in a step (DropDuplicatesWithinWatermark)",
			fmt.Sprintf("expectation %s: uniqueness within a micro-batch is not supported by the Spark engine yet", e.Name)
	}
	if e.Action == ir.ExpectWarn {
		return "", ""
	}
	for _, q := range pp.queries {
		if q.branch == ir.PortLate && queryReads(q, e.On) {
			return "make the expectation warn, or declare it on a stream downstream of the stateful step",
				fmt.Sprintf("expectation %s (action %s) checks %s.%s, which late output %s reads: the Spark engine computes late rows without the expectation", e.Name, e.Action, e.On.Node, e.On.Port, q.name)
		}
	}
	return "", ""
}

// queryReads reports whether query q's expansion reads stream r.
func queryReads(q *query, r ir.Ref) bool {
	if q.load.From == r {
		return true
	}
	for _, id := range q.steps() {
		if st := q.pp.steps[id]; st != nil && slices.ContainsFunc(st.Inputs, func(b ir.Binding) bool { return b.From == r }) {
			return true
		}
	}
	return false
}
