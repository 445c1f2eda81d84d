package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// ruleSortOnStream: an unbounded stream has no order to sort into. checker:
// "Sorting is not supported on streaming DataFrames/Datasets, unless it is on
// aggregated DataFrame/Dataset in Complete output mode".
var ruleSortOnStream = Rule{
	Name:    "sort-on-stream",
	Summary: "no sort on a stream, except after an aggregation in complete mode",
	Codes:   []string{CodeSortOnStream},
	Check: func(c *Checker) {
		c.eachOp(func(q *query, n *qnode) {
			in := kidFacts(n, 0)
			if !isOp(n, ir.OpSort) || !in.streaming || (in.aggs > 0 && q.mode == ModeComplete) {
				return
			}
			c.report(CodeSortOnStream, diag.Error, q.pp.posOf(n), q.pp.opPath(n),
				"drop the sort (sort when reading the sink), or sort an aggregation in complete mode",
				fmt.Sprintf("step %s sorts a stream in query %s (%s mode) (%s)", n.step, q.name, q.mode, sparkChecker))
		})
	},
}
