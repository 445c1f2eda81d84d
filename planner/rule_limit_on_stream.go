package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleLimitOnStream: limit and offset take the first N rows, which an
// unbounded stream does not have. guide, "Unsupported Operations": "Limit and
// take the first N rows are not supported on streaming Datasets"; checker:
// "Offset is not supported on streaming DataFrames/Datasets".
var ruleLimitOnStream = Rule{
	Name:    "limit-on-stream",
	Summary: "no limit or offset on a stream",
	Codes:   []string{CodeLimitOnStream},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isOp(n, ir.OpLimit) || !kidFacts(n, 0).streaming {
				return
			}
			c.report(CodeLimitOnStream, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"drop the limit; bound intake with max_offsets_per_trigger in the profile, or limit when reading the sink",
				fmt.Sprintf("step %s limits a stream to %d rows (%s)", n.step, n.node.Limit, sparkGuide))
		})
	},
}
