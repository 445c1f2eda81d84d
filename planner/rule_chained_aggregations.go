package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// ruleChainedAggregations: several streaming aggregations in one query work only
// in append mode, where each emits final rows once. checker: "Multiple
// streaming aggregations are not supported with streaming DataFrames/Datasets"
// outside Append output mode (multiple stateful operators, Spark 3.4+).
var ruleChainedAggregations = Rule{
	Name:    "chained-aggregations",
	Summary: "several streaming aggregations in one query need append mode",
	Codes:   []string{CodeChainedAggNotAppend},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			f := q.rootFacts()
			if f.aggs < 2 || q.mode == ModeAppend {
				return
			}
			c.report(CodeChainedAggNotAppend, diag.Error, q.loadPos(), q.pp.path("load:"+q.name),
				"run the query in append mode (watermarked windows) or write the first aggregation to a sink and aggregate it in a second pipeline",
				fmt.Sprintf("query %s chains %d streaming aggregations in %s mode (%s)", q.name, f.aggs, q.mode, sparkChecker))
		})
	},
}
