package planner

import (
	"fmt"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleUnboundedState warns about state that grows for ever: a dedup whose
// keys carry no event time (Spark keeps every key; guide, "Streaming
// Deduplication"), an aggregation without a watermark outside append mode,
// a stream–stream inner join without a watermarked join key, or without
// watermarks on both sides and an event-time range (guide, "Inner Joins
// with optional Watermarking"), and a
// semi join that Spark accepts with a watermark on the right input only.
var ruleUnboundedState = Rule{
	Name:    "unbounded-state",
	Summary: "warn on dedup without event time, aggregation or join without watermark",
	Codes:   []string{CodeUnboundedDedup, CodeUnboundedAgg, CodeUnboundedJoin},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			in := kidFacts(n, 0)
			if !in.streaming {
				return
			}
			switch {
			case isOp(n, ir.OpDropDuplicates) && !dedupBounded(n):
				warnState(c, q, n, CodeUnboundedDedup, "include the watermarked event-time column in the keys, or use DropDuplicatesWithinWatermark",
					"dedup in step %s keeps every key for ever: no key carries a watermarked event time")
			case isOp(n, ir.OpAggregate) && q.mode != ModeAppend && !aggregateWatermarked(n) && !windowOnBound(n):
				warnState(c, q, n, CodeUnboundedAgg, "call WithWatermark on the event-time column and group by an event-time window",
					"aggregation in step %s keeps every group for ever: no watermark on a grouping key or window")
			case isStreamJoin(n) && n.node.Join != nil && n.node.Join.Type == ir.JoinInner && !watermarkedJoinKey(n) && len(joinBoundsMissing(n)) > 0:
				warnState(c, q, n, CodeUnboundedJoin, "call WithWatermark on both inputs and give the join an event-time range",
					"stream–stream join in step %s buffers both sides for ever: no watermarks and event-time range")
			case isStreamJoin(n) && n.node.Join != nil && n.node.Join.Type == ir.JoinSemi && sparkAcceptsSemiJoin(n) &&
				!watermarkedJoinKey(n) && len(joinBoundsMissing(n)) > 0:
				// Spark evicts a side's rows only when that side has a
				// watermark and the other side's range column carries one
				// (getOneSideStateWatermarkPredicate)
				warnState(c, q, n, CodeUnboundedJoin, "call WithWatermark on the left input's event time too",
					"semi stream–stream join in step %s keeps the state of both sides for ever: Spark evicts join state only when both inputs have watermarks")
			}
		})
	},
}

func warnState(c *Checker, q *query, n *qnode, code, hint, format string) {
	c.report(code, diag.Warning, q.pp.posOf(n), q.pp.opPath(n), hint, fmt.Sprintf(format, n.step))
}

func dedupBounded(n *qnode) bool {
	in := kidFacts(n, 0)
	keys := n.node.Keys
	if len(keys) == 0 {
		keys = slices.Sorted(maps.Keys(in.cols))
	}
	return firstWatermarked(keys, in.wm) != ""
}
