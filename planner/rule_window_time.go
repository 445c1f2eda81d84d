package planner

import (
	"fmt"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleWindowTime: a window aggregation's window_start and window_end are
// not event-time columns. On Spark they are the fields of the window
// struct, and selecting them drops its watermark; and window_end is one
// microsecond past the window, so a window on it puts the hour
// [23:00, 24:00) into the next day. Spark's way to chain windows is
// window(window_time(window), ...) (Spark 3.4+, SPARK-40821): the window's
// event time, end − 1 µs, carrying its watermark — etl.WindowTime. Spark
// 4.1 rejects a window on window_end at start (measured:
// STREAMING_OUTPUT_MODE.UNSUPPORTED_OPERATION, "streaming aggregations
// without watermark", with or without casts).
//
// ETL-S415 reports a window over an upstream window's bound; ETL-S416 a
// WindowTime whose argument is not an upstream window's window_end (Spark's
// window_time takes a window column; on anything else it would be plain
// arithmetic without a watermark).
var ruleWindowTime = Rule{
	Name:    "window-time",
	Summary: "chain windows on etl.WindowTime, not on window_start / window_end",
	Codes:   []string{CodeWindowOnBound, CodeWindowTimeArgument},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			in := kidFacts(n, 0)
			if w := n.node.Window; isOp(n, ir.OpAggregate) && w != nil {
				if b, ok := in.bounds[w.TimeColumn]; ok {
					c.report(CodeWindowOnBound, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
						fmt.Sprintf("window on the window's event time: WithColumn(etl.WindowTime(%s).As(<col>)), then a window on <col>", boundEnd(in, b)),
						fmt.Sprintf("the window of step %s is on %s, the %s of the window of step %s: it carries no watermark on Spark (Spark 4.1 rejects the query at start) and window_end is one microsecond past its window, which puts the window's last moment in the next one", n.step, w.TimeColumn, boundName(b), b.step))
				}
			}
			for _, e := range nodeExprs(n.node) {
				checkWindowTime(c, q, n, in, e)
			}
		})
	},
}

// boundEnd names a window_end column of the window b bounds: window_end
// itself when the input still has it, else the first copy by name.
func boundEnd(in *facts, b bound) string {
	if o, ok := in.bounds["window_end"]; ok && o.end && o.step == b.step {
		return "window_end"
	}
	for _, name := range slices.Sorted(maps.Keys(in.bounds)) {
		if o := in.bounds[name]; o.end && o.step == b.step {
			return name
		}
	}
	return "window_end"
}

// boundName says which bound b is.
func boundName(b bound) string {
	if b.end {
		return "window_end"
	}
	return "window_start"
}

// checkWindowTime reports each WindowTime in e whose argument is not an
// upstream window's window_end.
func checkWindowTime(c *Checker, q *query, n *qnode, in *facts, e *ir.Expr) {
	if e == nil {
		return
	}
	for _, a := range e.Args {
		checkWindowTime(c, q, n, in, a)
	}
	if e.Kind != ir.ExprCall || e.Func() != ir.FuncWindowTime {
		return
	}
	if isWindowTime(e) && in.bounds[e.Args[0].Name].end {
		return
	}
	var arg *ir.Expr
	if len(e.Args) > 0 {
		arg = e.Args[0]
	}
	c.report(CodeWindowTimeArgument, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
		"pass the window_end column of an upstream window aggregation",
		fmt.Sprintf("WindowTime in step %s takes %s, which is not the window_end of an upstream window aggregation (Spark's window_time takes a window)", n.step, exprString(arg)))
}
