package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleStaticJoinSide: a stream–static join cannot preserve the rows of the
// static side, which would need the whole stream to know they never match.
// guide, "Support matrix for joins in streaming queries": Stream–Static
// supports inner, left outer, left semi and left anti, not right or full
// outer; Static–Stream supports inner and right outer, not left outer, full
// outer, left semi or left anti. checker: "... join with a streaming
// DataFrame/Dataset on the right/left and a static DataFrame/Dataset on the
// left/right is not supported".
var ruleStaticJoinSide = Rule{
	Name:    "static-join-side",
	Summary: "no outer/semi/anti join that preserves a static side",
	Codes:   []string{CodeStaticJoinOuterSide},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isOp(n, ir.OpJoin) || n.node.Join == nil || len(n.kids) != 2 {
				return
			}
			l, r := kidFacts(n, 0).streaming, kidFacts(n, 1).streaming
			t := n.node.Join.Type
			bad := (l && !r && (t == ir.JoinRight || t == ir.JoinFull)) ||
				(!l && r && t != ir.JoinInner && t != ir.JoinRight)
			if bad {
				c.report(CodeStaticJoinOuterSide, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
					"keep the stream on the preserved side: stream LEFT JOIN static, or static RIGHT JOIN stream; or use an inner join",
					fmt.Sprintf("%s join in step %s preserves the static side, which Spark does not support on a stream (%s)", t, n.step, sparkGuide))
			}
		})
	},
}
