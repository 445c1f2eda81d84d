package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// ruleStatefulAfterLate: outside append mode a streaming aggregation
// emits updated groups whose event time is behind the watermark, which a
// downstream stateful operator would drop as late. checker,
// checkStreamingQueryGlobalWatermarkLimit (Spark 4.1, with
// spark.sql.streaming.statefulOperator.checkCorrectness.enabled, the
// default): "Detected pattern of possible 'correctness' issue due to global
// watermark" when a stateful operation follows an Aggregate in a query whose
// output mode is not append. The stateful operations it counts are
// aggregations (reported by ruleChainedAggregations), stream–stream joins
// (only in append mode anyway: ruleStreamJoinAppend), a deduplication with
// an event-time key and dropDuplicatesWithinWatermark; this rule reports the
// two deduplications (measured: Spark 4.1 rejects them, and accepts a
// deduplication without an event-time key).
//
// Before Spark 3.5 the checker also rejected a stateful operator after a
// stream–stream time-interval or outer join; since the per-operator
// watermark propagation of Spark 3.5 (SPARK-42376) a join's output
// watermark is lowered to what it may still emit, and the pattern runs
// correctly.
var ruleStatefulAfterLate = Rule{
	Name:    "stateful-after-late",
	Summary: "no event-time deduplication after an aggregation outside append mode",
	Codes:   []string{CodeStatefulAfterLate},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			in := kidFacts(n, 0)
			if q.mode == ModeAppend || in.aggs == 0 || !in.streaming || !statefulDedup(n) {
				return
			}
			c.reportMode(q, CodeStatefulAfterLate, q.pp.posOf(n), q.pp.opPath(n),
				q.forcedHint(ModeAppend, "run the query in append mode (watermarked windows), deduplicate before the aggregation, or write the aggregation to a sink and deduplicate it in a second pipeline"),
				fmt.Sprintf("%s in step %s follows a streaming aggregation in query %s, which runs in %s: the aggregation emits updated rows behind the watermark, which the deduplication would drop as late (%s: Detected pattern of possible 'correctness' issue due to global watermark)",
					n.node.Op, n.step, q.name, q.modeText(), sparkChecker), ModeAppend)
		})
	},
}

// statefulDedup reports whether n is a deduplication Spark counts as a
// stateful operation: dropDuplicatesWithinWatermark, or dropDuplicates on
// keys that include an event-time column.
func statefulDedup(n *qnode) bool {
	switch {
	case isOp(n, ir.OpDropDuplicatesWithinWM):
		return true
	case isOp(n, ir.OpDropDuplicates):
		return dedupBounded(n)
	}
	return false
}
