package testkit

import (
	"github.com/etlgen/etlgen/testkit/engine"
)

// ReplayBatch re-runs committed batch n of every query that ran it, from
// its logged offsets and the state before it, and fails the test unless
// the replay produces the rows the batch wrote and every sink skips it
// (idempotence per checkpoint and batch id).
func (rt *Runtime) ReplayBatch(n int64) {
	rt.tb.Helper()
	replayed := 0
	for _, q := range rt.engineOrFatal().Queries {
		if n >= q.NextBatch() {
			continue
		}
		replayed++
		rows, skipped, err := q.Replay(n)
		if err != nil {
			rt.tb.Fatalf("testkit: replay batch %d: %v", n, err)
		}
		if !skipped {
			rt.tb.Errorf("testkit: replay of batch %d of %s was written again: the sink is not idempotent", n, q.Name)
		}
		rt.checkReplay(q, n, rows)
	}
	if replayed == 0 {
		rt.tb.Fatalf("testkit: no query has run batch %d", n)
	}
}

// checkReplay compares a replay with what the batch wrote (memory sinks).
func (rt *Runtime) checkReplay(q *engine.Query, n int64, rows []engine.Row) {
	rt.tb.Helper()
	t, ok := rt.env.Tables[q.Name]
	if !ok {
		return
	}
	orig, ok := t.Batch(q.Checkpoint, n)
	if !ok {
		return
	}
	RowsEqual(rt.tb, encodeRows(q.Schema(), rows), encodeRows(q.Schema(), orig))
}

func encodeRows(s *engine.Schema, rows []engine.Row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(engine.EncodeRow(s, r))
	}
	return out
}

// Checkpoint returns the checkpoint directory of query.
func (rt *Runtime) Checkpoint(query string) string {
	rt.tb.Helper()
	return rt.query(query).Checkpoint
}
