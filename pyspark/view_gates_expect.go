package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// expectationGate gives the dict entries of gate gt on an expectation's
// counts in query q: "expectation", the observed metric counting it in the
// query's pass (expectationDict's "observe"), from which a gate that warns
// per micro-batch is read (rt.observed_gates); and, when the expectation
// checks the valid rows of the query's one re-readable source, "checks"
// (the stream's expectations up to it, in declaration order, each a
// (check, action) pair) and "projection" (the source's valid columns), with
// which rt.check_gates counts it again over the batch's source rows read
// again (GateSource) — how a gate that fails or rolls (before) is measured
// before the commit, and a replayed batch's (which has no progress).
// before without such a source is an error (ETL-S515, for a model that was
// not validated).
func (g *gen) expectationGate(q *planner.Query, qv *queryView, gt *planner.Gate, before bool) (string, error) {
	at := -1
	for i := range q.Expectations {
		if q.Expectations[i].Name == gt.Expectation {
			at = i
		}
	}
	if at < 0 {
		return "", fmt.Errorf("query %s gate %s: the query does not count expectation %s", q.Name, gt.Name, gt.Expectation)
	}
	e := &q.Expectations[at]
	out := fmt.Sprintf(", %s: %s", PyString("expectation"), PyString(fmt.Sprintf("etlgen_expect_%d", at)))
	sv := qv.Observed[e.On.Node]
	if e.On.Port != ir.PortValid || sv == nil || sv.Reread == "" || len(q.Sources) != 1 {
		if before {
			return "", fmt.Errorf("query %s gate %s: expectation %s cannot be counted again from the batch's source rows (%s)",
				q.Name, gt.Name, gt.Expectation, planner.CodeExpectGateOnSpark)
		}
		return out + fmt.Sprintf(", %s: None", PyString("checks")), nil
	}
	var checks []string
	for i := 0; i <= at; i++ {
		if o := &q.Expectations[i]; o.On == e.On {
			checks = append(checks, fmt.Sprintf("(%s, %s)", PyString("coalesce(("+SQLExpr(o.IR.Predicate)+"), false)"), PyString(o.Action)))
		}
	}
	qv.GateSource, sv.Gated = sv, true
	return out + fmt.Sprintf(", %s: [%s], %s: %s_PROJECTION", PyString("checks"), strings.Join(checks, ", "), PyString("projection"), sv.Const), nil
}
