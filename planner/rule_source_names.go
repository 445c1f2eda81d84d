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
// source name cannot hold ("orders-eu", "orders_eu") would clash.
var ruleSourceNames = Rule{
	Name:    "source-names",
	Summary: "on Spark 4.2 the streaming sources of a query have distinct source names",
	Codes:   []string{CodeSourceNameClash},
	Check: func(c *Checker) {
		if !profile.OnSpark(c.env.Engine) || !NamesSources(c.env.SparkVersion) {
			return
		}
		c.eachQuery(func(q *query) {
			seen := map[string]string{}
			for _, a := range q.rootFacts().sources {
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
