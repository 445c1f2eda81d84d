package run

import (
	"context"
	"fmt"
	"path"
	"slices"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// ingest feeds the ledger's payloads through the valid branch of src on
// the local engine: first the new entries are appended to the ledger (the
// mark), then the replay's own queries, each with its checkpoint under the
// ledger's directory, read the ledger as their source from where they
// stopped. Sinks write idempotently per checkpoint and batch id (a file
// sink's log), so a replay stopped between write and commit re-runs its
// batch with the same rows, and a second replay feeds nothing twice.
func ingest(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, src *planner.Source, led *ledger, r *ReplayReport, add []ledgerEntry) error {
	if !m.InProcess {
		return replayErr(CodeReplayEngine, "replay --yes %s: the %s engine does not feed replayed rows (replay ingests on the local engine and on Spark); run without --yes for the diff (docs/replay.md, \"Ingesting\")", r.Quarantine, m.Engine)
	}
	rm, err := replayModel(m, pp, src, led.dir)
	if err != nil {
		return err
	}
	stream := localengine.NewMemoryStream(src.Asset)
	eng, err := localengine.Open(rm, pp.ID, &localengine.Env{Sources: map[string]localengine.Source{src.Asset: stream}})
	if err != nil {
		return fmt.Errorf("replay %s: %w", r.Quarantine, err)
	}
	defer eng.Close()
	// The ledger is appended under the replay checkpoints' locks: two
	// replays of one quarantine never interleave.
	all, err := led.append(add)
	if err != nil {
		return err
	}
	for _, e := range all {
		stream.Add(e.Raw)
	}
	err = eng.Run(ctx, profile.Trigger{Type: profile.TriggerAvailableNow}, func(p *localengine.Progress) {
		if p.Query == eng.Queries[0].Name {
			r.Ingested += p.InputRows
		}
	})
	if err != nil {
		return fmt.Errorf("replay %s: %w", r.Quarantine, err)
	}
	r.Applied = true
	return nil
}

// replayModel is m with pipeline pp reduced to the queries that read the
// valid branch of src, each with a checkpoint of its own under dir; it
// refuses a branch that holds state (its watermark and state live in the
// pipeline's checkpoints, which replayed rows, late by then, would not
// meet).
func replayModel(m *planner.Model, pp *planner.PipelinePlan, src *planner.Source, dir string) (*planner.Model, error) {
	var keep []planner.Query
	for _, q := range pp.Queries {
		if !slices.Contains(q.Sources, src.Asset) || q.Branch == "invalid" || q.Branch == "late" {
			continue
		}
		if len(q.Stateful) > 0 || len(q.Watermarks) > 0 {
			return nil, replayErr(CodeReplayStateful, "replay --yes: query %s of the valid branch of %s holds state (%s): replayed rows would miss the state and watermark of the pipeline's checkpoint; replay --yes feeds stateless valid branches only (docs/replay.md); run without --yes for the diff", q.Name, src.Asset, statefulText(q))
		}
		q.Checkpoint = storeJoin(dir, "queries", q.Name)
		// Its own txnAppId: a replay batch is no batch of the pipeline's.
		q.Identity = storeDir(q.Identity) + "/_replay/" + path.Base(dir) + "/queries/" + q.Name
		keep = append(keep, q)
	}
	if len(keep) == 0 {
		return nil, replayErr(CodeReplayNotQuarantine, "replay --yes: no load reads the valid branch of %s", src.Asset)
	}
	rm := *m
	rm.Pipelines = slices.Clone(m.Pipelines)
	for i := range rm.Pipelines {
		if rm.Pipelines[i].ID == pp.ID {
			rm.Pipelines[i] = rm.Pipelines[i].WithQueries(keep)
		}
	}
	return &rm, nil
}

// statefulText names what makes a query stateful.
func statefulText(q planner.Query) string {
	if len(q.Stateful) > 0 {
		return fmt.Sprintf("%d stateful operator(s)", len(q.Stateful))
	}
	return "a watermark"
}
