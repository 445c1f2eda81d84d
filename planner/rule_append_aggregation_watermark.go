package planner

import (
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
)

// ruleAppendAggregationWatermark: in append mode a streaming aggregation
// needs a watermark on a grouping key or on the window's time column, or no
// group could ever be final. checker: "Append output mode not supported when
// there are streaming aggregations on streaming DataFrames/DataSets without
// watermark"; guide, "Output Modes": aggregation with watermark — append.
var ruleAppendAggregationWatermark = Rule{
	Name:    "append-aggregation-watermark",
	Summary: "append mode + aggregation needs a watermark on a grouping key or the window column",
	Codes:   []string{CodeAppendAggNoWatermark},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if q.mode != ModeAppend || !isOp(n, ir.OpAggregate) || !kidFacts(n, 0).streaming {
				return
			}
			if aggregateWatermarked(n) || windowOnBound(n) {
				return // ruleWindowTime reports a window on a window's bound
			}
			c.reportMode(q, CodeAppendAggNoWatermark, q.pp.posOf(n), q.pp.opPath(n), appendAggHint(q),
				fmt.Sprintf("query %s runs in %s but the aggregation in step %s has no watermark on a grouping key or window column (%s)", q.name, q.modeText(), n.step, sparkChecker), ModeUpdate)
		})
	},
}

// appendAggHint proposes a watermark, and update mode only where Spark runs
// the query in it: not with a session window (ETL-S403), a stream–stream
// join (ETL-S404) or chained aggregations (ETL-S412).
func appendAggHint(q *query) string {
	const watermark = "call WithWatermark on the window's event-time column before GroupBy"
	switch f := q.rootFacts(); {
	case q.forced && q.runsIn(ModeUpdate):
		return watermark + ", or " + q.modeChange(ModeUpdate)
	case !q.forced && slices.Contains(allowedModes(f), ModeUpdate):
		return watermark + ", or load into a foreach-batch-merge sink (update mode)"
	case f.session:
		return watermark + ": a session window runs in append mode once the watermark closes its sessions (update mode does not take session windows)"
	}
	return watermark + ": the query runs in append mode only"
}

// aggregateWatermarked reports whether a grouping key or the window's time
// column of an aggregate carries a watermark.
func aggregateWatermarked(n *qnode) bool {
	in := kidFacts(n, 0)
	if n.node.Window != nil && in.wm.has(n.node.Window.TimeColumn) {
		return true
	}
	for _, g := range n.node.GroupBy {
		if in.wm.has(exprString(g)) {
			return true
		}
	}
	return false
}

// windowOnBound reports whether an aggregate's window is on an upstream
// window's window_start or window_end.
func windowOnBound(n *qnode) bool {
	_, ok := kidFacts(n, 0).bounds[windowColumn(n.node)]
	return ok
}

func windowColumn(n *ir.Node) string {
	if n.Window == nil {
		return ""
	}
	return n.Window.TimeColumn
}
