package run

import (
	"context"
	"encoding/json"

	"github.com/etlgen/etlgen/planner"
)

// markReplayed fills r.Replayed when the sink q is a quarantine with a
// replay ledger: for each row read, whether the ledger holds it (the
// mark `etlgen show` prints; on Spark the ledger is its Delta table). The
// replay id of a row depends only on the rows before it, so the first
// rows are enough.
func markReplayed(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, q *planner.Query, r *SinkRows) error {
	src, err := quarantineSource(pp, q, q.Sink.Asset)
	if err != nil {
		return nil // not a quarantine: nothing to mark
	}
	c := src.Def
	led, err := openLedger(pp, q.Sink.Asset)
	if c == nil || err != nil {
		return nil // no ledger can exist
	}
	held, err := ledgerIDs(ctx, m, led)
	if err != nil || len(held) == 0 {
		return err
	}
	seen := map[string]int{}
	r.Replayed = make([]bool, len(r.Rows))
	for i, data := range r.Rows {
		var qr quarantined
		if json.Unmarshal(data, &qr) != nil {
			continue
		}
		raw, err := rawOf(qr)
		if err != nil {
			continue
		}
		r.Replayed[i] = held[replayID(c.ID, qr, raw, seen)]
	}
	return nil
}
