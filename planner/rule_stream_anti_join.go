package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleStreamAntiJoin: Spark has no stream–stream left anti join, bounded or
// not. checker (UnsupportedOperationChecker.checkForStreaming, Spark 3.1 to
// 4.1): "LeftAnti joins with a streaming DataFrame/Dataset on the right are
// not supported"; guide, "Support matrix for joins in streaming queries":
// Stream–Stream Left Anti — "Not supported". Left semi (since 3.1) is
// supported with watermarks and a time range (ruleOuterJoinBounds); an anti
// join against a static table (stream LEFT ANTI JOIN static) is supported.
var ruleStreamAntiJoin = Rule{
	Name:    "stream-anti-join",
	Summary: "no left anti join of two streams",
	Codes:   []string{CodeStreamAntiJoin},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isStreamJoin(n) || n.node.Join == nil || n.node.Join.Type != ir.JoinAnti {
				return
			}
			c.report(CodeStreamAntiJoin, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"anti-join a static table instead (stream LEFT ANTI JOIN static), or left-outer-join the streams with etl.Within and watermarks and keep the rows whose right side is NULL",
				fmt.Sprintf("step %s anti-joins two streams, which Spark does not support (%s: LeftAnti joins with a streaming DataFrame/Dataset on the right are not supported)", n.step, sparkChecker))
		})
	},
}
