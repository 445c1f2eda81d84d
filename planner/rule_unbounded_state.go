package planner

import (
	"fmt"
	"maps"
	"slices"
	"strings"

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
			case isStreamJoin(n) && n.node.Join != nil && n.node.Join.Type == ir.JoinInner && !watermarkedJoinKey(n):
				warnInnerJoin(c, q, n)
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

// warnInnerJoin warns when an inner stream–stream join keeps a side's rows
// for ever, saying which side and exactly what it lacks: Spark evicts a
// side's rows once the other input's watermark on its column of the
// event-time range passes them (getOneSideStateWatermarkPredicate), so
// each side needs the other's watermark on the range, and the join a range.
func warnInnerJoin(c *Checker, q *query, n *qnode) {
	grows, missing := innerJoinUnbounded(n)
	if len(missing) == 0 {
		return
	}
	hint := "call WithWatermark on both inputs' event time and give the join an event-time range (etl.Within)"
	if len(missing) == 1 {
		hint = "add " + missing[0]
	}
	c.report(CodeUnboundedJoin, diag.Warning, q.pp.posOf(n), q.pp.opPath(n), hint,
		fmt.Sprintf("stream–stream join in step %s keeps %s for ever: it has no watermarked join key, and lacks %s", n.step, grows, andList(missing)))
}

// andList renders items as "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// innerJoinUnbounded returns whose rows an inner join without a
// watermarked join key keeps for ever ("" when none) and what it lacks.
func innerJoinUnbounded(n *qnode) (grows string, missing []string) {
	l, r := kidFacts(n, 0), kidFacts(n, 1)
	tr := n.node.Join.TimeRange
	if tr == nil {
		for _, s := range []struct {
			f    *facts
			side string
		}{{l, "left"}, {r, "right"}} {
			if len(s.f.wm) == 0 {
				missing = append(missing, "a watermark on the "+s.side+" input")
			}
		}
		return "the rows of both inputs", append(missing, "an event-time range (etl.Within)")
	}
	rightKept := !l.wm.has(tr.LeftTime) // the left watermark evicts right rows
	leftKept := !r.wm.has(tr.RightTime)
	if rightKept {
		missing = append(missing, rangeWatermark(l, "left", tr.LeftTime))
	}
	if leftKept {
		missing = append(missing, rangeWatermark(r, "right", tr.RightTime))
	}
	switch {
	case leftKept && rightKept:
		grows = "the rows of both inputs"
	case leftKept:
		grows = "the left input's rows"
	case rightKept:
		grows = "the right input's rows"
	}
	return grows, missing
}

// rangeWatermark names the watermark a side lacks on its range column.
func rangeWatermark(f *facts, side, col string) string {
	if len(f.wm) == 0 {
		return "a watermark on the " + side + " input (on its range column " + col + ")"
	}
	return "a watermark on the " + side + " input's range column " + col
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
