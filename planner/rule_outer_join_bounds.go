package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleOuterJoinBounds: an outer or semi stream–stream join emits its
// unmatched rows only when the watermark proves no match can come.
// checker, checkForStreamStreamJoinWatermark (Spark 4.1): "Stream-stream
// LeftOuter join between two streaming DataFrame/Datasets is not supported
// without a watermark in the join keys, or a watermark on the nullable side
// and an appropriate range condition" — the same for RightOuter, FullOuter
// (either direction) and LeftSemi (Spark 3.1+).
//
// etlgen accepts what Spark accepts, with one deliberate exception: with a
// range condition and no watermarked join key, each side whose unmatched
// rows the join emits (the left of a left outer join, both of a full outer
// join) needs a watermark of its own. Spark 4.1 runs the join without it,
// but it then never evicts that side's state, so it never emits the
// unmatched rows and the state grows for ever (measured on the server).
// Semi joins accept exactly what Spark accepts (sparkAcceptsSemiJoin);
// ruleUnboundedState warns when Spark would keep their state for ever.
var ruleOuterJoinBounds = Rule{
	Name:    "outer-join-bounds",
	Summary: "outer and semi stream–stream joins need a watermarked join key, or watermarks on both sides and an event-time range",
	Codes:   []string{CodeOuterJoinUnbounded},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			// inner joins warn (ruleUnboundedState); anti joins of two
			// streams are rejected outright (ruleStreamAntiJoin)
			if !isStreamJoin(n) || n.node.Join == nil || n.node.Join.Type == ir.JoinInner || n.node.Join.Type == ir.JoinAnti {
				return
			}
			if n.node.Join.Type == ir.JoinSemi {
				if !sparkAcceptsSemiJoin(n) {
					c.report(CodeOuterJoinUnbounded, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
						"call WithWatermark on the right input's event time and give the join an event-time range (etl.Within); a watermark on the left input too lets Spark evict its state",
						fmt.Sprintf("semi stream–stream join in step %s has no watermark on the right input's range column with an event-time range, and no watermarked join key (%s: Stream-stream LeftSemi join between two streaming DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark on the nullable side and an appropriate range condition)",
							n.step, sparkChecker))
				}
				return
			}
			if watermarkedJoinKey(n) {
				return
			}
			reportOuterJoin(c, q, n)
		})
	},
}

// reportOuterJoin reports an outer join without a watermarked join key
// whose range condition does not bound the state of the sides it emits
// unmatched rows of.
func reportOuterJoin(c *Checker, q *query, n *qnode) {
	j := n.node.Join
	if j.TimeRange == nil {
		c.report(CodeOuterJoinUnbounded, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
			"join on the watermarked event-time columns of both inputs (etl.On), or call WithWatermark on both inputs and give the join an event-time range (etl.Within)",
			fmt.Sprintf("%s stream–stream join in step %s has no watermarked join key and no event-time range (%s: Stream-stream %s join between two streaming DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark on the nullable side and an appropriate range condition)",
				j.Type, n.step, sparkChecker, sparkJoinName[j.Type]))
		return
	}
	missing := outerSidesUnbounded(n)
	if len(missing) == 0 {
		return
	}
	hint := "call WithWatermark on both inputs (the range columns' event time), or join on the watermarked event-time columns of both inputs (etl.On)"
	if !sparkAcceptsOuterJoin(n) {
		c.report(CodeOuterJoinUnbounded, diag.Error, q.pp.posOf(n), q.pp.opPath(n), hint,
			fmt.Sprintf("%s stream–stream join in step %s lacks %s (%s: Stream-stream %s join between two streaming DataFrame/Datasets is not supported without a watermark in the join keys, or a watermark on the nullable side and an appropriate range condition)",
				j.Type, n.step, strings.Join(missing, " and "), sparkChecker, sparkJoinName[j.Type]))
		return
	}
	c.report(CodeOuterJoinUnbounded, diag.Error, q.pp.posOf(n), q.pp.opPath(n), hint,
		fmt.Sprintf("%s stream–stream join in step %s lacks %s: Spark 4.1 accepts the join, but without a watermark on the side whose unmatched rows it emits it never evicts that side's state, so it never emits the unmatched rows and its state grows for ever",
			j.Type, n.step, strings.Join(missing, " and ")))
}

// sparkJoinName is the join type as Spark's messages name it.
var sparkJoinName = map[ir.JoinType]string{ir.JoinLeft: "LeftOuter", ir.JoinRight: "RightOuter", ir.JoinFull: "FullOuter", ir.JoinSemi: "LeftSemi"}

// outerSidesUnbounded lists what an outer join with an event-time range
// lacks for Spark to evict the state of each side it emits unmatched rows
// of (getOneSideStateWatermarkPredicate): a column of that side carrying a
// watermark, and a watermark on the other side's range column.
func outerSidesUnbounded(n *qnode) []string {
	j := n.node.Join
	l, r := kidFacts(n, 0), kidFacts(n, 1)
	var missing []string
	need := func(f *facts, what string) {
		if len(f.wm) == 0 {
			missing = append(missing, "a watermark on the "+what+" input")
		}
	}
	needCol := func(f *facts, col, what string) {
		if len(f.wm) > 0 && !f.wm.has(col) {
			missing = append(missing, fmt.Sprintf("a watermark on the %s input's range column %s", what, col))
		}
	}
	switch j.Type {
	case ir.JoinLeft:
		need(l, "left")
		need(r, "right")
		needCol(r, j.TimeRange.RightTime, "right")
	case ir.JoinRight:
		need(l, "left")
		need(r, "right")
		needCol(l, j.TimeRange.LeftTime, "left")
	case ir.JoinFull:
		need(l, "left")
		need(r, "right")
		needCol(l, j.TimeRange.LeftTime, "left")
		needCol(r, j.TimeRange.RightTime, "right")
	}
	return missing
}

// joinBoundsMissing lists what bounds a stream–stream join's state: a
// watermark on each side and an event-time range.
func joinBoundsMissing(n *qnode) []string {
	var missing []string
	if len(kidFacts(n, 0).watermarks) == 0 {
		missing = append(missing, "a watermark on the left input")
	}
	if len(kidFacts(n, 1).watermarks) == 0 {
		missing = append(missing, "a watermark on the right input")
	}
	if n.node.Join.TimeRange == nil {
		missing = append(missing, "an event-time range")
	}
	return missing
}

// watermarkedJoinKey reports whether a join key of either side carries a
// watermark (StreamingJoinHelper.isWatermarkInJoinKeys): Spark then evicts
// both sides' state by key.
func watermarkedJoinKey(n *qnode) bool {
	j := n.node.Join
	return firstWatermarked(j.LeftKeys, kidFacts(n, 0).wm) != "" || firstWatermarked(j.RightKeys, kidFacts(n, 1).wm) != ""
}

// sparkAcceptsSemiJoin is UnsupportedOperationChecker's
// checkForStreamStreamJoinWatermark for LeftSemi: a watermarked join key,
// or an event-time range whose right column carries a watermark
// (StreamingJoinHelper.getStateValueWatermark of the left side defined).
func sparkAcceptsSemiJoin(n *qnode) bool {
	tr := n.node.Join.TimeRange
	return watermarkedJoinKey(n) || (tr != nil && kidFacts(n, 1).wm.has(tr.RightTime))
}

// sparkAcceptsOuterJoin is checkForStreamStreamJoinWatermark for an outer
// join with a range condition: the nullable side's range column carries a
// watermark (the right's for left outer, the left's for right outer,
// either for full outer).
func sparkAcceptsOuterJoin(n *qnode) bool {
	tr := n.node.Join.TimeRange
	l, r := kidFacts(n, 0).wm.has(tr.LeftTime), kidFacts(n, 1).wm.has(tr.RightTime)
	switch n.node.Join.Type {
	case ir.JoinLeft:
		return r
	case ir.JoinRight:
		return l
	}
	return l || r
}
