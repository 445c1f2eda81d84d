package planner

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleEventTimeColumns: a deduplication reads at most one watermarked
// event-time column, and an aggregation groups by at most one. Spark 4.1
// finds a stateful operator's event time among the columns of its child
// plan — every input column for a deduplication, the grouping keys and the
// window for an aggregation (its child is the partial aggregate) — and,
// with several (typically both sides' event times after a stream–stream
// join, or a copy of a watermarked column), fails the first micro-batch: "More than one event time columns are available.
// Please ensure there is at most one event time column per stream"
// (WatermarkSupport.findEventTimeColumn; EventTimeWatermarkSuite,
// "multiple event time columns in an input DataFrame for stateful operator
// is not allowed"). Only spark.sql.streaming.statefulOperator.allowMultiple
// = false, a compatibility mode, picks the first.
var ruleEventTimeColumns = Rule{
	Name:    "event-time-columns",
	Summary: "at most one watermarked event-time column reaches an aggregation or a deduplication",
	Codes:   []string{CodeEventTimeColumns},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isOp(n, ir.OpAggregate) && !isOp(n, ir.OpDropDuplicates) && !isOp(n, ir.OpDropDuplicatesWithinWM) {
				return
			}
			in := kidFacts(n, 0)
			if !in.streaming {
				return
			}
			cols := eventTimeColumns(n, in)
			if len(cols) < 2 {
				return
			}
			c.report(CodeEventTimeColumns, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				fmt.Sprintf("keep one event-time column before the %s: drop the others (etl.Into a contract without them, or Select), or turn them into plain values (a cast to string drops the watermark)", n.node.Op),
				fmt.Sprintf("the %s of step %s in query %s reads %d watermarked event-time columns (%s): Spark 4.1 fails the first micro-batch (More than one event time columns are available. Please ensure there is at most one event time column per stream)",
					n.node.Op, n.step, q.name, len(cols), strings.Join(cols, ", ")))
		})
	},
}

// eventTimeColumns lists the watermarked columns Spark looks through for
// the event time of operator n: a deduplication's whole input, an
// aggregation's grouping keys and window.
func eventTimeColumns(n *qnode, in *facts) []string {
	if !isOp(n, ir.OpAggregate) {
		return slices.Sorted(maps.Keys(in.wm))
	}
	var cols []string
	for _, g := range n.node.GroupBy {
		if name := exprString(g); in.wm.has(name) && !slices.Contains(cols, name) {
			cols = append(cols, name)
		}
	}
	if w := n.node.Window; w != nil && in.wm.has(w.TimeColumn) && !slices.Contains(cols, w.TimeColumn) {
		cols = append(cols, "window("+w.TimeColumn+")")
	}
	slices.Sort(cols)
	return cols
}
