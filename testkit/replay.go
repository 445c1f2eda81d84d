package testkit

import (
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/etlgen/etlgen/localengine"
)

// ReplayBatch re-runs committed batch n of every query that ran it, from
// its logged offsets and the state before it, and fails the test unless
// the replay produces the rows the batch wrote (to its sink, to its
// quarantine gates' outputs and to the loads it hosts), every sink skips it
// (idempotence per checkpoint and batch id) and every quality gate gives
// the verdict it gave when the batch ran (as recorded in Progress).
func (rt *Runtime) ReplayBatch(n int64) {
	rt.tb.Helper()
	replayed := 0
	for _, q := range rt.engineOrFatal().Queries {
		if n >= q.NextBatch() {
			continue
		}
		replayed++
		r, err := q.Replay(n)
		if err != nil {
			rt.tb.Fatalf("testkit: replay batch %d: %v", n, err)
		}
		if !r.Skipped {
			rt.tb.Errorf("testkit: replay of batch %d of %s was written again: the sink is not idempotent", n, q.Name)
		}
		rt.checkReplay(q, q.Name, n, r.Rows)
		for asset, rows := range r.Quarantined {
			rt.checkReplay(q, asset, n, rows)
		}
		for load, rows := range r.Hosted {
			rt.checkReplay(q, load, n, rows)
		}
		rt.checkReplayGates(q.Name, n, r.Gates)
	}
	if replayed == 0 {
		rt.tb.Fatalf("testkit: no query has run batch %d", n)
	}
}

// checkReplayGates compares a replay's gate verdicts with those of the
// batch's committed run in Progress (nothing to compare when Progress no
// longer holds it).
func (rt *Runtime) checkReplayGates(query string, n int64, got []localengine.GateResult) {
	rt.tb.Helper()
	for i := len(rt.Progress) - 1; i >= 0; i-- {
		p := &rt.Progress[i]
		if p.Query != query || p.BatchID != n {
			continue
		}
		if diff := cmp.Diff(p.Gates, got, cmpopts.EquateEmpty()); diff != "" {
			rt.tb.Errorf("testkit: replay of batch %d of %s: the quality gates' verdicts differ from the committed batch's (-committed +replay):\n%s",
				n, query, diff)
		}
		return
	}
}

// checkReplay compares a replay's rows for table (the query's sink, or a
// quarantine gate's output) with what the batch wrote to it (memory sinks).
func (rt *Runtime) checkReplay(q *localengine.Query, table string, n int64, rows []localengine.Row) {
	rt.tb.Helper()
	t, ok := rt.env.Tables[table]
	if !ok {
		return
	}
	orig, ok := t.Batch(q.Checkpoint, n)
	if !ok {
		return
	}
	RowsEqual(rt.tb, encodeRows(q.Schema(), rows), encodeRows(q.Schema(), orig))
}

func encodeRows(s *localengine.Schema, rows []localengine.Row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = string(localengine.EncodeRow(s, r))
	}
	return out
}

// Checkpoint returns the checkpoint directory of query.
func (rt *Runtime) Checkpoint(query string) string {
	rt.tb.Helper()
	return rt.query(query).Checkpoint
}
