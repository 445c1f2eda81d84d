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
// condition". etlgen asks for both watermarks so state is bounded on each side.
var ruleOuterJoinBounds = Rule{
	Name:    "outer-join-bounds",
	Summary: "outer/semi stream–stream joins need watermarks on both sides and an event-time range",
	Codes:   []string{CodeOuterJoinUnbounded},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isStreamJoin(n) || n.node.Join == nil || n.node.Join.Type == ir.JoinInner {
				return
			}
			if missing := joinBoundsMissing(n); len(missing) > 0 {
				c.report(CodeOuterJoinUnbounded, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
					"call WithWatermark on both inputs and give the join an event-time range (etl.Between)",
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
