package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
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
				c.report(CodeCompleteNoAgg, diag.Error, q.loadPos(), q.pp.path("load:"+q.name),
					"use append (drop output_mode from the asset) or aggregate the stream",
					fmt.Sprintf("query %s runs in complete mode without a streaming aggregation (%s)", q.name, sparkChecker))
			}
		})
	},
}
