package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// gates gives the query view the query's quality gates (planner.Query.Gates)
// as Python dict literals for rt.check_gates, and the source whose batch an
// invalid-ratio gate reads again. The planner refuses what the program
// cannot measure (ETL-S467); the errors here are for a model that was not
// validated.
func (g *gen) gates(q *planner.Query, qv *queryView) error {
	for i := range q.Gates {
		gt := &q.Gates[i]
		col := "None"
		if gt.Metric == ir.GateNullRatio {
			col = PyString(SQLIdent(gt.Column))
		}
		qv.Gates = append(qv.Gates, fmt.Sprintf("{%s: %s, %s: %s, %s: %s, %s: %s, %s: %s, %s: %s}",
			PyString("name"), PyString(gt.Name), PyString("metric"), PyString(gt.Metric), PyString("column"), col,
			PyString("threshold"), ir.FormatThreshold(gt.Threshold), PyString("action"), PyString(gt.Action),
			PyString("condition"), PyString(gt.Condition)))
		if gt.Metric != ir.GateInvalidRatio {
			continue
		}
		sv := g.sources[gt.Source]
		switch {
		case sv == nil || sv.Static || sv.Typed:
			return fmt.Errorf("query %s gate %s: source %s has no validated streaming rows", q.Name, gt.Name, gt.Source)
		case sv.Reread == "":
			return fmt.Errorf("query %s gate %s: the batches of source %s cannot be read again (%s)", q.Name, gt.Name, gt.Source, planner.CodeGateNotRereadable)
		case len(q.Sources) != 1:
			return fmt.Errorf("query %s gate %s: the query reads the streaming sources %s (%s)", q.Name, gt.Name, strings.Join(q.Sources, ", "), planner.CodeGateNotRereadable)
		}
		qv.GateSource, sv.Gated = sv, true
	}
	if len(qv.Gates) > 0 && qv.Stateful {
		qv.Cache = true // measured, then written: the stateful plan computed once
	}
	return nil
}
