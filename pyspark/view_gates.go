package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// gates gives the query view the query's quality gates (planner.Query.Gates)
// as Python dict literals. A gate that only warns changes nothing written,
// so it is measured in the query's own pass from observed metrics
// (rt.observe_rows; an invalid ratio from the source's observation,
// "source"), with no second read; a gate that fails, and a gate per
// event-time window (an observed metric is one aggregate, not one per
// window), is measured by rt.check_gates before the sink commits, an invalid-ratio gate by reading
// the batch's source rows again (GateSource). A batch re-run from the
// offset log reports no progress on Spark 4.1 (SPARK-55271), so
// rt.check_gates measures every gate of that one batch (replay=). The
// planner refuses what the program cannot measure (ETL-S467); the errors
// here are for a model that was not validated.
func (g *gen) gates(q *planner.Query, qv *queryView) error {
	for i := range q.Gates {
		gt := &q.Gates[i]
		col, src := "None", "None"
		if gt.Metric == ir.GateNullRatio {
			col = PyString(SQLIdent(gt.Column))
		}
		fail := gt.Action == ir.GateFail
		qv.FailGates = qv.FailGates || fail || gt.Scope == ir.GateScopeWindow
		if gt.Metric == ir.GateInvalidRatio {
			sv := qv.Observed[gt.Source]
			if sv == nil {
				return fmt.Errorf("query %s gate %s: the query reads no validated streaming rows of source %s", q.Name, gt.Name, gt.Source)
			}
			src = sv.Observe
			rereadable := sv.Reread != "" && len(q.Sources) == 1
			if fail && !rereadable {
				if sv.Reread == "" {
					return fmt.Errorf("query %s gate %s: the batches of source %s cannot be read again (%s)", q.Name, gt.Name, gt.Source, planner.CodeGateNotRereadable)
				}
				return fmt.Errorf("query %s gate %s: the query reads the streaming sources %s (%s)", q.Name, gt.Name, strings.Join(q.Sources, ", "), planner.CodeGateNotRereadable)
			}
			if rereadable {
				qv.GateSource, sv.Gated = sv, true
			}
		}
		scope := ""
		if gt.Scope == ir.GateScopeWindow {
			scope = fmt.Sprintf(", %s: %s", PyString("scope"), PyString(gt.Scope))
		}
		qv.Gates = append(qv.Gates, fmt.Sprintf("{%s: %s, %s: %s, %s: %s, %s: %s, %s: %s, %s: %s, %s: %s%s}",
			PyString("name"), PyString(gt.Name), PyString("metric"), PyString(gt.Metric), PyString("column"), col,
			PyString("source"), src, PyString("threshold"), ir.FormatThreshold(gt.Threshold), PyString("action"), PyString(gt.Action),
			PyString("condition"), PyString(gt.Condition), scope))
	}
	if qv.FailGates && qv.Stateful {
		qv.Cache = true // measured, then written: the stateful plan computed once
	}
	return nil
}
