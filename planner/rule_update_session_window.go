package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
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
			c.report(CodeUpdateSessionWindow, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"use append mode with a watermark (an append sink, or output_mode: append) or a tumbling/sliding window",
				fmt.Sprintf("query %s runs in update mode but step %s aggregates over a session window (%s)", q.name, n.step, sparkChecker))
		})
	},
}
