package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleOuterJoinBounds: an outer or semi stream–stream join emits its
// unmatched rows only when the watermark proves no match can come, so both
// sides need a watermark and the join an event-time range. guide, "Support
// matrix for joins in streaming queries": Left/Right/Full Outer and Left Semi
// between two streams are "conditionally supported" — watermark on the other
// side plus time constraints; checker: "Stream-stream LeftOuter join between
// two streaming DataFrame/Datasets is not supported without a watermark in the
// join keys, or a watermark on the nullable side and an appropriate range
// condition". etlgen asks for both watermarks so state is bounded on each
// side, except for left semi joins (Spark 3.1+), where it accepts exactly
// what Spark accepts (sparkAcceptsSemiJoin) and ruleUnboundedState warns when
// Spark would keep state for ever.
var ruleOuterJoinBounds = Rule{
	Name:    "outer-join-bounds",
	Summary: "outer stream–stream joins need watermarks on both sides and an event-time range; semi joins what Spark needs",
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
			if missing := joinBoundsMissing(n); len(missing) > 0 {
				c.report(CodeOuterJoinUnbounded, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
					"call WithWatermark on both inputs and give the join an event-time range (etl.Within)",
					fmt.Sprintf("%s stream–stream join in step %s lacks %s (%s)", n.node.Join.Type, n.step, strings.Join(missing, " and "), sparkGuide))
			}
		})
	},
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
	return watermarkedJoinKey(n) || (tr != nil && kidFacts(n, 1).wm[tr.RightTime])
}
