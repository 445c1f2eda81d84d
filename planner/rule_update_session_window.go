package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// ruleUpdateSessionWindow: session windows merge as rows arrive, so Spark
// cannot emit them in update mode. checker: "Update output mode not supported
// for session window on streaming DataFrames/DataSets".
var ruleUpdateSessionWindow = Rule{
	Name:    "update-session-window",
	Summary: "no update mode with session windows",
	Codes:   []string{CodeUpdateSessionWindow},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if q.mode != ModeUpdate || !isOp(n, ir.OpAggregate) || n.node.Window == nil || n.node.Window.Kind != ir.Session {
				return
			}
			hint := "call WithWatermark on the session window's event-time column before GroupBy and run the query in append mode (each session is emitted once the watermark closes it), or use a tumbling or sliding window"
			if aggregateWatermarked(n) && q.runsIn(ModeAppend) {
				hint = q.forcedHint(ModeAppend, "use a tumbling or sliding window") + ": in append mode each session is emitted once the watermark closes it"
			}
			c.reportMode(q, CodeUpdateSessionWindow, q.pp.posOf(n), q.pp.opPath(n), hint,
				fmt.Sprintf("query %s runs in %s but step %s aggregates over a session window (%s)", q.name, q.modeText(), n.step, sparkChecker), ModeAppend)
		})
	},
}
