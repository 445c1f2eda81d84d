package planner

import (
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// CodeExpectGateOnSpark: a gate on an expectation's counts that fails or
// rolls, which the Spark engine cannot measure before the commit
// (docs/diagnostics.md).
const CodeExpectGateOnSpark = "ETL-S515"

// ruleSparkExpectGates: the Spark program counts an expectation in the
// query's own pass (an observed metric), which reaches the driver after
// the batch committed. A gate on those counts that only warns per
// micro-batch reads them there; one that fails, or a rolling one (whose
// parts are kept before the commit), is measured in foreachBatch before
// the sink by counting the expectation again over the batch's source rows
// read again (as a failing invalid ratio, ETL-S467): the expectation must
// check a streaming extract's valid rows, and each query counting it must
// read that one streaming source, whose batches can be read again.
var ruleSparkExpectGates = Rule{
	Name:    "spark-expectation-gates",
	Summary: "the Spark engine can measure every failing or rolling gate on an expectation's counts before the commit",
	Codes:   []string{CodeExpectGateOnSpark},
	Check: func(c *Checker) {
		sparkGatesBeforeCommit(c, (*ir.Gate).OnExpectation, func(pp *pipe, g *ir.Gate) {
			j := slices.IndexFunc(pp.p.Expectations, func(e ir.Expectation) bool { return e.Name == g.Expectation })
			if j < 0 {
				return // ruleGates reports it
			}
			if msg := expectGateOnSpark(c, pp, &pp.p.Expectations[j]); msg != "" {
				c.report(CodeExpectGateOnSpark, diag.Error, g.Pos, pp.path("gate:"+g.Name),
					"make the gate warn per micro-batch (measured from the query's own counts), or gate an expectation on the Valid() rows of a kafka-json or file-json source read by queries of that one streaming source",
					fmt.Sprintf("quality gate %s: %s; the Spark engine measures a failing or rolling expectation gate before the commit by counting the expectation again over the batch's source rows, read again", g.Name, msg))
			}
		})
	},
}

// expectGateOnSpark says why the Spark engine cannot count expectation e
// again before the commit, "" when it can.
func expectGateOnSpark(c *Checker, pp *pipe, e *ir.Expectation) string {
	if _, ok := pp.extracts[e.On.Node]; !ok || e.On.Port != ir.PortValid {
		return fmt.Sprintf("expectation %s checks %s.%s, a step's output, which cannot be computed again from the source rows", e.Name, e.On.Node, e.On.Port)
	}
	for _, q := range pp.queries {
		if q.branch == ir.PortLate || q.branch == ir.PortQuarantine || !queryReads(q, e.On) {
			continue
		}
		srcs := q.rootFacts().sources
		b := c.env.Sources[e.On.Node]
		if len(srcs) != 1 || (b != nil && !b.Source().Reread) {
			return fmt.Sprintf("query %s counts expectation %s and reads streaming sources %v, not one whose batches can be read again", q.name, e.Name, srcs)
		}
	}
	return ""
}
