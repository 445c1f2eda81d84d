package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleStreamStaticUnion: a union reads only streams or only static
// tables. checker, checkForStreaming (Spark 4.1): "Union between streaming
// and batch DataFrames/Datasets is not supported" — the query fails at
// start. A static table joins a stream instead (a stream–static join reads
// it in full at every micro-batch).
var ruleStreamStaticUnion = Rule{
	Name:    "stream-static-union",
	Summary: "no union of a stream and a static table",
	Codes:   []string{CodeStreamStaticUnion},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isOp(n, ir.OpUnion) || len(n.kids) < 2 {
				return
			}
			streams, static := 0, 0
			for i := range n.kids {
				if kidFacts(n, i).streaming {
					streams++
				} else {
					static++
				}
			}
			if streams == 0 || static == 0 {
				return
			}
			c.report(CodeStreamStaticUnion, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"union streams only: bind the static input to a streaming source, or join the static table to the stream",
				fmt.Sprintf("step %s unions %s with %s in query %s (%s: Union between streaming and batch DataFrames/Datasets is not supported; the query fails at start)",
					n.step, diag.Count(streams, "stream", "streams"), diag.Count(static, "static table", "static tables"), q.name, sparkChecker))
		})
	},
}
