package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// ruleStatefulAfterLate: Spark keeps one global watermark per query; an
// operator that can emit rows older than it (a stream–stream time-interval
// or outer join) followed by another stateful operator makes that operator
// drop the rows as late — a silent correctness issue. checker,
// checkStreamingQueryGlobalWatermarkLimit: "Detected pattern of possible
// 'correctness' issue due to global watermark" (multiple stateful operators,
// spark.sql.streaming.statefulOperator.checkCorrectness.enabled).
var ruleStatefulAfterLate = Rule{
	Name:    "stateful-after-late",
	Summary: "no stateful operator after one that can emit rows behind the watermark",
	Codes:   []string{CodeStatefulAfterLate},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isStateful(n.node) || len(n.kids) == 0 {
				return
			}
			from := kidFacts(n, 0).lateFrom
			if len(n.kids) > 1 && from == "" {
				from = kidFacts(n, 1).lateFrom
			}
			if from == "" {
				return
			}
			c.report(CodeStatefulAfterLate, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"move the stateful operator before the join, or split the pipeline into two queries through a sink",
				fmt.Sprintf("%s in step %s follows %s, which can emit rows behind the watermark; they would be dropped as late (%s)", n.node.Op, n.step, from, sparkChecker))
		})
	},
}
