package planner

import (
	"fmt"
)

// ruleChainedAggregations: several streaming aggregations in one query work
// only in append mode, where each emits final rows once (chaining stateful
// operators: Spark 3.4+, SPARK-40925). Outside append mode an aggregation
// emits updated rows behind the watermark that the next one would drop.
// checker, checkStreamingQueryGlobalWatermarkLimit (Spark 4.1): "Detected
// pattern of possible 'correctness' issue due to global watermark"; before
// Spark 3.4 the message was "Multiple streaming aggregations are not
// supported with streaming DataFrames/Datasets".
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
			c.reportMode(q, CodeChainedAggNotAppend, q.loadPos(), q.pp.path("load:"+q.name),
				q.forcedHint(ModeAppend, "run the query in append mode (watermarked windows, the next window on etl.WindowTime) or write the first aggregation to a sink and aggregate it in a second pipeline"),
				fmt.Sprintf("query %s chains %d streaming aggregations in %s (%s: Detected pattern of possible 'correctness' issue due to global watermark)", q.name, f.aggs, q.modeText(), sparkChecker), ModeAppend)
		})
	},
}
