package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
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
			c.report(CodeAppendAggNoWatermark, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"call WithWatermark on the window's event-time column before GroupBy, or load into a foreach-batch-merge sink (update mode)",
				fmt.Sprintf("query %s runs in append mode but the aggregation in step %s has no watermark on a grouping key or window column (%s)", q.name, n.step, sparkChecker))
		})
	},
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
