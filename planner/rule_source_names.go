package planner

import (
	"fmt"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
)

// ruleSourceNames: on a Spark line that names streaming sources (4.2), the
// streaming sources of one query need distinct names (SparkSourceName), or
// Spark refuses the query (STREAMING_QUERY_EVOLUTION_ERROR.DUPLICATE_SOURCE_NAMES,
// measured on 4.2.0); two asset names that differ only in characters a
// source name cannot hold ("orders-eu", "orders_eu") would clash. A
// streaming read of a table (a source bound by `table`) cannot be named
// at all: the Connect client's DataStreamReader.table builds a relation
// without a source name, and Spark 4.2.0 fails the query's first batch
// ("All sources should be named at this point", measured: corpus case
// cdf_merge_into_append_sink on 4.2).
var ruleSourceNames = Rule{
	Name:    "source-names",
	Summary: "on Spark 4.2 the streaming sources of a query have distinct source names, and none is a table read by name",
	Codes:   []string{CodeSourceNameClash, CodeSourceTableUnnamed},
	Check: func(c *Checker) {
		if !profile.OnSpark(c.env.Engine) || !NamesSources(c.env.SparkVersion) {
			return
		}
		tables := map[string]bool{}
		c.eachQuery(func(q *query) {
			seen := map[string]string{}
			for _, a := range q.rootFacts().sources {
				if b := c.env.Sources[a]; b != nil && b.Table() != "" && !tables[a] {
					tables[a] = true
					c.report(CodeSourceTableUnnamed, diag.Error, b.Asset.Pos, "source:"+a, "bind the source by its path instead of its table name, or target Spark 4.1 (spark_version: \"4.1\")",
						fmt.Sprintf("query %s streams source %s from table %s: on Spark %s the program names its streaming reads, and a read of a table by name cannot carry one (Spark fails the first batch: all sources should be named)", q.name, a, b.Table(), c.env.SparkVersion))
				}
				name := SparkSourceName(a)
				if prev, ok := seen[name]; ok && prev != a {
					c.report(CodeSourceNameClash, diag.Error, q.loadPos(), q.pp.path("load:"+q.name), "rename one of the assets so they differ in letters, digits or '_'",
						fmt.Sprintf("query %s reads sources %s and %s, both named %s in its checkpoint (Spark source names take letters, digits and '_' only)", q.name, prev, a, name))
					continue
				}
				seen[name] = a
			}
		})
	},
}
