package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// CodeTypedSourceInvalid: the Invalid() rows of a source whose plugin
// delivers typed rows (a Delta table, the rate source) are read.
const CodeTypedSourceInvalid = "ETL-S466"

// ruleTypedSourcePorts: a source whose plugin delivers typed rows of its
// contract (SourceFacts.Rows = typed: delta, rate) validates nothing, so it
// has no invalid rows; reading its Invalid() port would load an empty
// stream on the local engine and has no reader on Spark.
var ruleTypedSourcePorts = Rule{
	Name:    "typed-source-ports",
	Summary: "no Invalid() rows of a source that delivers typed rows",
	Codes:   []string{CodeTypedSourceInvalid},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			for _, n := range q.ops {
				if n.source == nil || n.port != ir.PortInvalid {
					continue
				}
				b := c.env.Sources[n.source.Asset]
				if b == nil || b.Source().Rows != profile.RowsTyped {
					continue
				}
				c.report(CodeTypedSourceInvalid, diag.Error, q.loadPos(), q.pp.path("load:"+q.name),
					"drop the Invalid() branch of "+n.source.Asset+", or bind it to a plugin that validates payloads (kafka-json, file-json)",
					fmt.Sprintf("query %s reads the invalid rows of source %s, but plugin %s delivers typed rows of contract %s: nothing is validated, so there are none", q.name, n.source.Asset, pluginName(b), n.source.Contract))
			}
		})
	},
}
