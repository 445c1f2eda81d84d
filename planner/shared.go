package planner

import (
	"fmt"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// shareQueries lets the loads of one stream share one query (multi-sink):
// loads that read the same stream (Load.From), in the same output mode and
// with the same output columns are written by the first one's query, in
// one foreachBatch that persists the batch once and writes every sink
// idempotently per batch id. The stream's sources are read, validated and
// its stateful operators run once, not once per load.
//
// A load keeps a query of its own when it reads a late branch (its rows
// are decided by another query's batches), applies a Change Data Feed, is
// unbound, is the load of a quality gate (the gate measures and splits its
// rows alone), or when the profile says execution.multi_sink: separate.
//
// A hosted load (Query.Host) runs in its host's batches: it has the host's
// checkpoint, and an identity of its own under the host's, so that its
// idempotent writes (Delta's txnAppId) never take the host's batch ids for
// those of a checkpoint it had on its own (ETL-X617 warns when a query
// moves between them).
func shareQueries(c *Checker, pp *pipe, queries []Query) {
	if c.env.prof != nil && c.env.prof.Execution().MultiSink == profile.MultiSinkSeparate {
		return
	}
	hosts := map[string]int{}
	for i := range queries {
		q := &queries[i]
		if !shareable(pp, q) {
			continue
		}
		key := shareKey(q)
		h, ok := hosts[key]
		if !ok {
			hosts[key] = i
			continue
		}
		host := &queries[h]
		host.Hosted = append(host.Hosted, q.Name)
		q.Host, q.Checkpoint = host.Name, host.Checkpoint
		q.Identity = host.Identity + "/" + q.Name
		q.Guarantee = pp.queries[i].guaranteeFor(c.env, host.Checkpoint)
		q.Guarantee.Requirements[0] = fmt.Sprintf("the checkpoint %s of query %s, whose micro-batches write this load, is durable, kept across restarts and used by that query only",
			host.Checkpoint, host.Name)
	}
	for i := range queries {
		if h := queries[i].LateHost; h != "" {
			if hq := queryNamed(queries, h); hq != nil && hq.Host != "" {
				queries[i].LateHost = hq.Host
			}
		}
	}
}

// shareable reports whether a load may share a query with the other loads
// of its stream.
func shareable(pp *pipe, q *Query) bool {
	if q.Branch == ir.PortLate || q.LateStep != "" || q.Sink.Binding == nil || q.Sink.Load == nil || q.Sink.Load.Changes != nil {
		return false
	}
	for _, g := range pp.p.Gates {
		if g.Load == q.Name {
			return false
		}
	}
	return true
}

// shareKey is what loads sharing a query have in common: the stream, the
// output mode and the output columns.
func shareKey(q *Query) string {
	cols := make([]string, len(q.Output))
	for i, c := range q.Output {
		cols[i] = c.Name + " " + c.Type
	}
	return strings.Join([]string{q.From.Node, q.From.Port, q.OutputMode, strings.Join(cols, ",")}, "\x00")
}

// queryNamed is the query named name, nil when there is none.
func queryNamed(queries []Query, name string) *Query {
	if i := slices.IndexFunc(queries, func(q Query) bool { return q.Name == name }); i >= 0 {
		return &queries[i]
	}
	return nil
}
