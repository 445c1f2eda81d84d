package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// windowFunctions are SQL window (OVER) functions; only time windows
// (window, session_window) are supported on streams.
var windowFunctions = map[string]bool{
	"row_number": true, "rank": true, "dense_rank": true, "percent_rank": true,
	"cume_dist": true, "ntile": true, "lag": true, "lead": true,
	"nth_value": true, "first_value": true, "last_value": true, "over": true,
}

// ruleWindowFunction: a window function over partitions of an unbounded
// stream never completes. checker: "Non-time-based windows are not supported
// on streaming DataFrames/Datasets".
var ruleWindowFunction = Rule{
	Name:    "window-function",
	Summary: "no non-time window function (row_number, rank, lag, ...) on a stream",
	Codes:   []string{CodeWindowFunction},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !kidFacts(n, 0).streaming {
				return
			}
			for _, e := range nodeExprs(n.node) {
				var name string
				anyExpr(e, func(x *ir.Expr) bool {
					if x.Kind == ir.ExprCall && windowFunctions[strings.ToLower(x.Name)] {
						name = x.Name
						return true
					}
					return false
				})
				if name != "" {
					c.report(CodeWindowFunction, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
						"use an event-time window aggregation (TumblingWindow, SlidingWindow, SessionWindow) instead",
						fmt.Sprintf("step %s uses window function %s on a stream (%s)", n.step, name, sparkChecker))
					return
				}
			}
		})
	},
}

// nodeExprs lists the expressions an operator evaluates.
func nodeExprs(n *ir.Node) []*ir.Expr {
	var out []*ir.Expr
	if n.Predicate != nil {
		out = append(out, n.Predicate)
	}
	for _, c := range append(append([]ir.NamedExpr(nil), n.Columns...), n.Aggs...) {
		out = append(out, c.Expr)
	}
	return append(out, n.GroupBy...)
}
