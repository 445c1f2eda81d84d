package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// ruleWatermarkPolicy notes that a query with several watermarks advances by
// the slowest one: Spark's spark.sql.streaming.multipleWatermarkPolicy is
// min by default (guide, "Policy for handling multiple watermarks"), so a
// quiet input holds back every window and join of the query.
var ruleWatermarkPolicy = Rule{
	Name:    "watermark-policy",
	Summary: "note: several watermarks in one query combine with min",
	Codes:   []string{CodeMinWatermarkPolicy},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			wms := q.rootFacts().watermarks
			if len(wms) < 2 {
				return
			}
			parts := make([]string, len(wms))
			for i, w := range wms {
				parts[i] = fmt.Sprintf("%s/%s delay %s", w.Step, w.Column, w.Delay)
			}
			c.diags.Add(diag.Diagnostic{Code: CodeMinWatermarkPolicy, Severity: diag.Note, Pos: q.loadPos(), Path: q.pp.path("load:" + q.name),
				Message: fmt.Sprintf("query %s has %d watermarks (%s); the global watermark is their minimum, so the slowest input holds back state cleanup and output", q.name, len(wms), strings.Join(parts, ", ")),
				Hint:    "keep inputs' event-time progress similar, or accept the delay; Spark's multipleWatermarkPolicy=max would drop the slow input's rows"})
		})
	},
}
