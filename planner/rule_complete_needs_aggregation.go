package planner

import (
	"fmt"
)

// ruleCompleteNeedsAggregation: complete mode rewrites the whole result table
// each batch, which only an aggregation bounds. checker: "Complete output
// mode not supported when there are no streaming aggregations on streaming
// DataFrames/Datasets"; guide, "Output Modes".
var ruleCompleteNeedsAggregation = Rule{
	Name:    "complete-needs-aggregation",
	Summary: "complete mode needs a streaming aggregation",
	Codes:   []string{CodeCompleteNoAgg},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			if q.mode == ModeComplete && q.rootFacts().aggs == 0 {
				c.reportMode(q, CodeCompleteNoAgg, q.loadPos(), q.pp.path("load:"+q.name),
					q.forcedHint(ModeAppend, "aggregate the stream"),
					fmt.Sprintf("query %s runs in %s without a streaming aggregation (%s)", q.name, q.modeText(), sparkChecker), ModeAppend)
			}
		})
	},
}
