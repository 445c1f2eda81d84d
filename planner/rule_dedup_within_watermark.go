package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleDedupWithinWatermark: DropDuplicatesWithinWatermark forgets a key once
// the watermark passes it, so it needs one. checker:
// "dropDuplicatesWithinWatermark is not supported on streaming
// DataFrames/DataSets without watermark".
var ruleDedupWithinWatermark = Rule{
	Name:    "dedup-within-watermark",
	Summary: "DropDuplicatesWithinWatermark needs a watermark upstream",
	Codes:   []string{CodeDedupWithinWMNoWM},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			in := kidFacts(n, 0)
			if !isOp(n, ir.OpDropDuplicatesWithinWM) || !in.streaming || len(in.wm) > 0 {
				return
			}
			c.report(CodeDedupWithinWMNoWM, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"call WithWatermark on the event-time column before DropDuplicatesWithinWatermark",
				fmt.Sprintf("step %s drops duplicates within the watermark but its input has none (%s)", n.step, sparkChecker))
		})
	},
}
