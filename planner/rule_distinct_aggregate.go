package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleDistinctAggregate: a distinct aggregate would keep every value seen.
// checker: "Distinct aggregations are not supported on streaming
// DataFrames/Datasets. Consider using approx_count_distinct() instead."
var ruleDistinctAggregate = Rule{
	Name:    "distinct-aggregate",
	Summary: "no distinct aggregate on a stream",
	Codes:   []string{CodeDistinctAggregate},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			if !isOp(n, ir.OpAggregate) || !kidFacts(n, 0).streaming {
				return
			}
			for _, a := range n.node.Aggs {
				if anyExpr(a.Expr, func(e *ir.Expr) bool { return e.Kind == ir.ExprAgg && e.Distinct }) {
					c.report(CodeDistinctAggregate, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
						"use etl.ApproxCountDistinct, or DropDuplicatesWithinWatermark before the aggregation",
						fmt.Sprintf("aggregate %s in step %s is a distinct aggregate (%s)", a.Name, n.step, sparkChecker))
				}
			}
		})
	},
}

// anyExpr reports whether f holds for e or any of its sub-expressions.
func anyExpr(e *ir.Expr, f func(*ir.Expr) bool) bool {
	if e == nil {
		return false
	}
	if f(e) {
		return true
	}
	for _, a := range e.Args {
		if anyExpr(a, f) {
			return true
		}
	}
	return false
}
