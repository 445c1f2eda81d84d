package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// ruleStreamJoinAppend: a stream–stream join emits each joined row once, so
// its query must run in append mode. checker: "Join between two streaming
// DataFrames/Datasets is not supported in Update/Complete output mode, only
// in Append output mode"; guide, "Output Modes": queries with joins — append.
// Spark 4.2 (SPARK-56384) also runs an inner stream–stream join in update
// mode, alone or followed by an aggregation (measured on 4.2.0: a window
// aggregation after an inner join in update mode runs, though the release
// notes say chained stateful operators stay append-only — the server is the
// judge); outer joins, and an inner join with another join or a
// deduplication in its query, stay append-only (the corpus records both
// lines' verdicts).
var ruleStreamJoinAppend = Rule{
	Name:    "stream-join-append",
	Summary: "stream–stream joins run in append mode only (Spark 4.2: an inner join, alone or before an aggregation, also in update mode)",
	Codes:   []string{CodeStreamJoinNotAppend},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if q.mode == ModeAppend || !isStreamJoin(n) || updateJoinAllowed(c.env.SparkVersion, q, n) {
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

// updateJoinAllowed reports whether Spark line runs the stream–stream join
// n in q's update mode: from 4.2 on, an inner join whose query's other
// stateful operators are aggregations (the shapes the corpus measured).
func updateJoinAllowed(line string, q *query, n *qnode) bool {
	if !profile.SparkLineAtLeast(line, profile.SparkLine42) || q.mode != ModeUpdate ||
		n.node.Join == nil || n.node.Join.Type != ir.JoinInner {
		return false
	}
	for _, o := range q.ops {
		if o != n && o.node != nil && !o.static && isStateful(o.node) && o.node.Op != ir.OpAggregate {
			return false
		}
	}
	return true
}
