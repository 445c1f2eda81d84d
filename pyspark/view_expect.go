package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// expectations gives the query view the query's expectations
// (planner.Query.Expectations) as Python dict literals, in declaration
// order: the stream each checks ("on"), its check as a Spark SQL predicate
// that is never NULL (coalesce(..., false): a NULL verdict breaks the
// expectation, as on the local engine), the observed metric that counts
// it in the query's pass, and for action fail the message raise_error
// says after the runtime's EXPECTATION_MARKER and EXPECTATION_CODE (the
// row as JSON follows). rt.expect applies them where the query's expression reads
// the stream (expectOn); the batch line reads their counts. A uniqueness
// expectation needs the whole micro-batch, which a streaming plan does
// not have before its sink: the planner refuses it on Spark (ETL-S468),
// the error here is for a model that was not validated.
func (g *gen) expectations(q *planner.Query, qv *queryView) error {
	for i := range q.Expectations {
		e := &q.Expectations[i]
		if e.Kind != ir.ExpectPredicate {
			return fmt.Errorf("query %s expectation %s: kind %s has no Spark rendering (%s)", q.Name, e.Name, e.Kind, planner.CodeExpectationOnSpark)
		}
		qv.Expectations = append(qv.Expectations, expectationDict(q.Name, i, e))
	}
	return nil
}

// expectationDict is expectation e, the i-th of query, as a Python dict
// literal (expectations).
func expectationDict(query string, i int, e *planner.Expectation) string {
	msg := ""
	if e.Action == ir.ExpectFail {
		msg = fmt.Sprintf(", %s: %s", PyString("message"), PyString(fmt.Sprintf("expectation %s failed in query %s: a row breaks %s: ",
			e.Name, query, e.Condition)))
	}
	return fmt.Sprintf("{%s: %s, %s: %s, %s: %s, %s: %s, %s: %s, %s: %s%s}",
		PyString("name"), PyString(e.Name), PyString("on"), PyString(streamName(e.On)), PyString("action"), PyString(e.Action),
		PyString("condition"), PyString(e.Condition), PyString("check"), PyString("coalesce(("+SQLExpr(e.IR.Predicate)+"), false)"),
		PyString("observe"), PyString(fmt.Sprintf("etlgen_expect_%d", i)), msg)
}

// streamName names a stream in the program: "asset.valid", "step.out".
func streamName(r ir.Ref) string { return r.Node + "." + r.Port }

// expectOn wraps expr, the expression of stream r in the query whose
// expression is being built, in rt.expect when expectations are declared
// on r.
func (g *gen) expectOn(r ir.Ref, expr string) string {
	if g.expecting == nil {
		return expr
	}
	for _, e := range g.expecting.Expectations {
		if e.On == r {
			return "rt.expect(" + expr + ", " + g.expectConst + ", " + PyString(streamName(r)) + ")"
		}
	}
	return expr
}
