package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// ruleLimitOnStream: a limit on a stream keeps the first N rows the query
// reads, across micro-batches (StreamingGlobalLimitExec, its count kept in
// state). checker (Spark 4.1): "Limits are not supported on streaming
// DataFrames/Datasets in Update output mode" — append mode runs it, and
// complete mode without an aggregation is rejected on its own (ETL-S402).
// Streaming limits exist since Spark 2.4 (SPARK-24525); the guide's list of
// unsupported operations still names them.
var ruleLimitOnStream = Rule{
	Name:    "limit-on-stream",
	Summary: "no limit on a stream in update output mode",
	Codes:   []string{CodeLimitOnStream},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isOp(n, ir.OpLimit) || !kidFacts(n, 0).streaming || q.mode != ModeUpdate {
				return
			}
			c.reportMode(q, CodeLimitOnStream, q.pp.posOf(n), q.pp.opPath(n),
				q.forcedHint(ModeAppend, "load into an append sink (the limit then keeps the first rows of the stream), drop the limit, or limit when reading the sink"),
				fmt.Sprintf("step %s limits a stream to %s in query %s, which runs in %s (%s: Limits are not supported on streaming DataFrames/Datasets in Update output mode)",
					n.step, rowCount(n.node.Limit), q.name, q.modeText(), sparkChecker), ModeAppend)
		})
	},
}

// rowCount renders n rows: "1 row", "100 rows".
func rowCount(n int) string {
	if n == 1 {
		return "1 row"
	}
	return fmt.Sprintf("%d rows", n)
}
