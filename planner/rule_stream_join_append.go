package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// ruleStreamJoinAppend: a stream–stream join emits each joined row once, so
// its query must run in append mode. checker: "Join between two streaming
// DataFrames/Datasets is not supported in Update/Complete output mode, only
// in Append output mode"; guide, "Output Modes": queries with joins — append.
var ruleStreamJoinAppend = Rule{
	Name:    "stream-join-append",
	Summary: "stream–stream joins run in append mode only",
	Codes:   []string{CodeStreamJoinNotAppend},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if q.mode == ModeAppend || !isStreamJoin(n) {
				return
			}
			c.reportMode(q, CodeStreamJoinNotAppend, q.pp.posOf(n), q.pp.opPath(n),
				q.forcedHint(ModeAppend, "load the joined stream into an append sink, and aggregate (if at all) with a watermark in append mode"),
				fmt.Sprintf("query %s runs in %s but step %s joins two streams (%s)", q.name, q.modeText(), n.step, sparkChecker), ModeAppend)
		})
	},
}

// isStreamJoin reports whether the operator joins two streaming inputs.
func isStreamJoin(n *qnode) bool {
	return isOp(n, ir.OpJoin) && len(n.kids) == 2 && kidFacts(n, 0).streaming && kidFacts(n, 1).streaming
}
