package planner

import (
	"fmt"
	"slices"

	"github.com/etlgen/etlgen/diag"
)

// MaxSourceReads is how many times one query may read one source along
// different paths (ETL-S424).
const MaxSourceReads = 64

// ruleExpandedPlan: a query reads each source along a bounded number of
// paths. The planner shares a stream read twice (a step whose output two
// inputs of a later step read: a diamond), but Spark Connect sends a plan
// as a tree: each path becomes its own copy of the sub-plan on the server,
// with its own source reader (a Kafka consumer) and its own validation,
// and the local engine, which has Spark's semantics, compiles one operator
// per path too. n such steps read the source 2^n times: the plan grows
// past the server's gRPC message limit (spark.connect.grpc.maxInboundMessageSize,
// 128 MiB) and the work doubles per step long before that.
var ruleExpandedPlan = Rule{
	Name:    "expanded-plan",
	Summary: "a query reads each source along at most 64 paths",
	Codes:   []string{CodeExpandedPlan},
	Check: func(c *Checker) {
		c.eachQuery(func(q *query) {
			if q.root == nil {
				return
			}
			paths := q.paths()
			for _, n := range q.ops {
				if n.source == nil || paths[n] <= MaxSourceReads {
					continue
				}
				c.report(CodeExpandedPlan, diag.Error, q.loadPos(), q.pp.path("load:"+q.name),
					"read the shared step once: union or join distinct streams, or split the pipeline where one step feeds several inputs of another",
					fmt.Sprintf("query %s reads source %s along %s paths (steps read one stream through several inputs, and each such step doubles them): Spark Connect sends the plan as a tree, one source reader and validation per path, and the local engine does the same; the limit is %d",
						q.name, n.source.Asset, countText(paths[n]), MaxSourceReads))
				return
			}
		})
	},
}

// pathCap bounds path counts: past it a count only means "too many".
const pathCap = 1 << 40

// paths counts, for every node of the query's graph, the paths from the
// root to it: how many copies of it the plan has once expanded into a tree.
// The graph is shared (each stream expanded once), so this is linear in
// its size; counts saturate at pathCap.
func (q *query) paths() map[*qnode]int64 {
	paths := map[*qnode]int64{q.root: 1}
	for _, n := range slices.Backward(q.ops) { // parents before their inputs
		for _, k := range n.kids {
			paths[k] = min(paths[k]+paths[n], pathCap)
		}
	}
	return paths
}

// countText renders a path count.
func countText(n int64) string {
	if n >= pathCap {
		return fmt.Sprintf("more than %d", int64(pathCap))
	}
	return fmt.Sprint(n)
}
