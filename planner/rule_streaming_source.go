package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
)

// ruleStreamingSource: every query reads at least one stream. A load whose
// rows all come from static tables is a batch query, which
// writeStream refuses (Spark 4.1: WRITE_STREAM_NOT_ALLOWED, "`writeStream`
// can be called only on streaming Dataset/DataFrame", at start; checker,
// checkForStreaming: "Queries without streaming sources cannot be executed
// with writeStream.start()").
var ruleStreamingSource = Rule{
	Name:    "streaming-source",
	Summary: "every query reads a stream",
	Codes:   []string{CodeNoStreamingSource},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			if q.root == nil || q.root.facts == nil || q.rootFacts().streaming || !q.complete() {
				return
			}
			c.report(CodeNoStreamingSource, diag.Error, q.loadPos(), q.pp.path("load:"+q.name),
				"read a streaming source in the pipeline (etl.Extract), or copy the static table with a batch job outside etlgen",
				fmt.Sprintf("query %s reads static tables only: a streaming query needs a streaming source (Spark: `writeStream` can be called only on streaming Dataset/DataFrame; the query fails at start)", q.name))
		})
	},
}

// complete reports whether every operator of the query has all its inputs
// and the query reads some source: an unbound input or a cycle leaves a
// query without its streams, which other rules report.
func (q *query) complete() bool {
	sources := 0
	for _, n := range q.ops {
		if n.source != nil {
			sources++
		}
		if n.node != nil && len(n.kids) != len(n.node.Inputs) {
			return false
		}
	}
	return sources > 0
}
