package localengine

import (
	"context"
	"fmt"

	"github.com/etlgen/etlgen/planner"
)

// hostedSink is a load the query writes besides its own sink
// (planner.Query.Hosted): the same rows, to the load's sink.
type hostedSink struct {
	name string
	sink Sink
}

// openHosted opens the sinks of the loads the query hosts through their
// plugins, each with the query's checkpoint (planner.Query.Host).
func (q *Query) openHosted(ctx context.Context, pp *planner.PipelinePlan, pq *planner.Query, env *Env) error {
	for i, name := range pq.Hosted {
		hq := pq.HostedQueries[i]
		if hq == nil {
			return fmt.Errorf("open query %s: it hosts load %s, which the plan does not have", pq.Name, name)
		}
		sink, err := bindSink(hq, sinkArgs{ctx: ctx, q: hq, id: q.ID, env: env})
		if err != nil {
			return fmt.Errorf("open query %s: hosted load %s: %w", pq.Name, name, err)
		}
		q.hosted = append(q.hosted, hostedSink{name: name, sink: sink})
	}
	return nil
}

// Hosted lists the loads the query writes besides its own sink, with the
// same rows of every batch.
func (q *Query) Hosted() []string {
	out := make([]string, len(q.hosted))
	for i, h := range q.hosted {
		out[i] = h.name
	}
	return out
}

// writeHosted writes a batch's rows to every hosted load after the query's
// own sink, each idempotent per checkpoint and batch id; skipped is true
// when every one of them had written the batch already.
func (q *Query) writeHosted(ctx context.Context, id int64, s *Schema, rows []Row, w *written) error {
	for _, h := range q.hosted {
		skipped, err := writeSink(ctx, h.sink, q.Checkpoint, id, s, rows)
		if err != nil {
			return fmt.Errorf("write hosted load %s: %w", h.name, err)
		}
		w.skipped = w.skipped && skipped
		if w.hosted == nil {
			w.hosted = map[string][]Row{}
		}
		w.hosted[h.name] = rows
	}
	return nil
}
