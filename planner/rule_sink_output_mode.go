package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// ruleSinkOutputMode: the sink must accept the query's output mode, as its
// plugin's write-mode spec says (file: append; Delta append: append; Delta
// foreachBatch MERGE: any; memory: append or complete).
var ruleSinkOutputMode = Rule{
	Name:    "sink-output-mode",
	Summary: "the sink accepts the query's output mode",
	Codes:   []string{CodeSinkOutputMode},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			if !q.bound || q.sink.Accepts(q.mode) {
				return
			}
			pos := q.sink.Asset.Pos
			if !pos.IsValid() {
				pos = q.loadPos()
			}
			c.report(CodeSinkOutputMode, diag.Error, pos, q.pp.path("load:"+q.name),
				"bind the asset to a sink that accepts it, e.g. delta with write_mode: foreach-batch-merge",
				fmt.Sprintf("query %s needs %s mode (%s) but sink %s (%s %s) accepts only %s", q.name, q.mode, q.reason, q.name, pluginName(q.sink), q.sink.WriteMode.Name, strings.Join(q.sink.OutputModes(), ", ")))
		})
	},
}
