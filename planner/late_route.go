package planner

import "github.com/etlgen/etlgen/framework/ir"

// lateRoute finds, for a late branch, the query whose micro-batches run
// the stateful operator of its step (the host: its watermark decides which
// rows are late) and the one streaming source whose batch rows reach that
// operator. Either is "" when there is none, or not exactly one source.
func lateRoute(q *query) (host, source string) {
	step := q.root.step
	for _, o := range q.pp.queries {
		if o.branch == ir.PortLate || host != "" {
			continue
		}
		for _, op := range o.rootFacts().stateful {
			if op.Step == step {
				host = o.name
				break
			}
		}
	}
	if srcs := uniq(kidFacts(q.root, 0).sources); len(srcs) == 1 {
		source = srcs[0]
	}
	return host, source
}
