package localengine

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// openGateOutputs opens the output of each quarantine gate of the query
// (planner.Gate.Quarantine) through its plugin, as a sink of the load's
// rows with the query's checkpoint.
func (q *Query) openGateOutputs(ctx context.Context, pq *planner.Query, env *Env) error {
	for i := range pq.Gates {
		g := &pq.Gates[i]
		if g.Action != ir.GateQuarantine {
			continue
		}
		if g.Quarantine == nil || g.Quarantine.Binding == nil {
			return fmt.Errorf("open query %s: the quarantine output of quality gate %s is not bound", pq.Name, g.Name)
		}
		w := g.Quarantine.Write()
		sink, err := bindSink(w, sinkArgs{ctx: ctx, q: w, id: q.ID, env: env})
		if err != nil {
			return fmt.Errorf("open query %s: quarantine output of quality gate %s: %w", pq.Name, g.Name, err)
		}
		if q.gateOutputs == nil {
			q.gateOutputs = map[int]Sink{}
		}
		q.gateOutputs[i] = sink
	}
	return nil
}

// written is what write wrote of a batch.
type written struct {
	// skipped: the query's sink had written the batch already.
	skipped bool
	// rows went to the query's sink; outputs to quarantine gates' outputs,
	// by asset; hosted to the loads the query hosts, by load.
	rows    []Row
	outputs map[string][]Row
	hosted  map[string][]Row
}

// write writes batch id's rows: first the rows the breached quarantine
// gates take to their outputs (divert), then the rest to the query's sink
// and to the loads it hosts; each write is idempotent per checkpoint and
// batch id, so a batch re-run after a crash or a failure between them
// writes each once.
func (q *Query) write(ctx context.Context, c *compiled, id int64, rows []Row, verdicts []GateResult) (written, error) {
	kept, taken := q.divert(rows, verdicts)
	w := written{rows: kept}
	sc := c.root.schema()
	for _, i := range slices.Sorted(maps.Keys(taken)) {
		out, asset := q.gateOutputs[i], q.gates[i].Quarantine.Asset
		if out == nil {
			return w, fmt.Errorf("quality gate %s: its quarantine output is not open", q.gates[i].Name)
		}
		if _, err := writeSink(ctx, out, q.Checkpoint, id, sc, taken[i]); err != nil {
			return w, fmt.Errorf("quality gate %s: write quarantine output %s: %w", q.gates[i].Name, asset, err)
		}
		if w.outputs == nil {
			w.outputs = map[string][]Row{}
		}
		w.outputs[asset] = taken[i]
	}
	var err error
	if w.skipped, err = writeSink(ctx, q.sink, q.Checkpoint, id, sc, kept); err != nil {
		return w, err
	}
	return w, q.writeHosted(ctx, id, sc, kept, &w)
}
