package run

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// runLocal runs one pipeline on the local engine as the trigger says,
// its lifecycle events delivered through h's stream.
func runLocal(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, o Options, h *Handle) (*Report, error) {
	defer tightenGC()()
	eng, err := localengine.OpenContext(ctx, m, pp.ID, &localengine.Env{}) // SIGTERM stops a sink's wait at open
	if err != nil {
		return nil, err
	}
	defer eng.Close()
	r := newReport(m, pp, h.ID())
	for _, q := range eng.Queries {
		if q.Recovered {
			warnIgnoredStarts(pp, q, o)
		} else {
			warnForeignWriters(q, o)
		}
		h.s.emit(r, localStarted(pp, q))
	}
	eng.Hooks = localengine.Hooks{
		BatchStarted: func(query string, id int64, replay bool) {
			h.s.emit(r, BatchStarted{Pipeline: pp.ID, Query: query, BatchID: id, Replay: replay, Time: time.Now().UTC()})
		},
		Idle: func(query string) { h.s.emit(r, QueryIdle{Pipeline: pp.ID, Query: query}) },
		Notice: func(query string, w localengine.Warning) {
			if o.OnNotice != nil {
				o.OnNotice(Notice{Kind: "warning", Code: w.Code, Text: "query " + query + ": " + w.Text})
			}
		},
	}
	defer context.AfterFunc(ctx, func() { o.notice("stop", "stopping %s: %s", pp.ID, stopText(m)) })()
	err = eng.Run(ctx, m.Trigger, func(p *localengine.Progress) {
		h.s.emit(r, BatchCompleted{localBatch(pp, p)})
	})
	for _, a := range eng.Abandoned {
		o.notice("stop", "batch %d of query %s abandoned uncommitted (%s): the next run re-runs it with the same offsets", a.BatchID, a.Query, m.Execution.StopPolicy)
	}
	status, failed := StateFinished, ""
	if err != nil {
		f := localFailure(err)
		var qe *localengine.QueryError
		if errors.As(err, &qe) {
			failed = qe.Query
		}
		status, r.ExitCode = StateFailed, 1
		h.s.emit(r, QueryFailed{Pipeline: pp.ID, Query: failed, Class: f.Code, Retry: f.Retry, Err: err})
	} else if ctx.Err() != nil {
		status = StateStopped
	}
	for _, q := range eng.Queries {
		st := status
		if failed != "" && q.Name != failed {
			st = StateStopped // stopped with the run its failed query ended
		}
		h.s.emit(r, localTerminated(pp, q, st))
	}
	h.s.ol.flush(r)
	if werr := r.write(localReportDir(m, pp)); werr != nil && err == nil {
		err = werr
	}
	if err != nil {
		return r, fmt.Errorf("run %s: %w", pp.ID, err)
	}
	return r, nil
}

// localStarted is how a local query started: fresh, or from its
// checkpoint with the offsets and the watermark it resumes with.
func localStarted(pp *planner.PipelinePlan, q *localengine.Query) QueryStarted {
	e := QueryStarted{Pipeline: pp.ID, Query: q.Name, Fresh: !q.Recovered, LastCommitted: q.NextBatch() - 1,
		Resume: localResume(q, false), Watermark: localWatermark(q)}
	if id, ok := q.ReplayBatch(); ok {
		e.Replay = &id
	}
	return e
}

// localTerminated is how a local query ended.
func localTerminated(pp *planner.PipelinePlan, q *localengine.Query, status string) QueryTerminated {
	return QueryTerminated{Pipeline: pp.ID, Query: q.Name, Status: status, LastBatchID: q.NextBatch() - 1,
		Watermark: localWatermark(q), StateRows: int64(q.StateRows()), Resume: localResume(q, true)}
}

// localWatermark is the watermark a query's next batch runs with; zero
// before its first (Spark's 0, the epoch, is none).
func localWatermark(q *localengine.Query) time.Time {
	if wm := q.Watermark(); !wm.IsZero() && wm.UnixMilli() != 0 {
		return wm
	}
	return time.Time{}
}

// localResume is a query's committed end offsets, by source: every source
// (versioned only: only its Delta Change Data Feed sources), as JSON.
func localResume(q *localengine.Query, versioned bool) []Resume {
	offs := q.CommittedOffsets()
	var out []Resume
	for _, src := range slices.Sorted(maps.Keys(offs)) {
		off := offs[src]
		switch {
		case off.Delta:
			out = append(out, Resume{Query: q.Name, Source: src, Offset: deltaOffset(off)})
		case !versioned:
			data, _ := json.Marshal(struct {
				N int64 `json:"n"`
			}{off.N})
			out = append(out, Resume{Query: q.Name, Source: src, Offset: data})
		}
	}
	return out
}

// stopText says what a stop does under the profile's stop policy.
func stopText(m *planner.Model) string {
	if m.Execution.StopPolicy == profile.StopCancelBatch {
		return "abandoning the batch in flight (cancel-batch); it re-runs on the next start"
	}
	return fmt.Sprintf("finishing the batch in flight, then stopping (finish-batch; abandoned after stop_timeout %s)", m.Execution.StopTimeout)
}

// warnForeignWriters says that a new checkpoint writes into a file sink
// other checkpoints wrote: its files go beside theirs, and rows it reads
// again from the sources' start are in both.
func warnForeignWriters(q *localengine.Query, o Options) {
	ws, err := q.ForeignSinkWriters()
	if err != nil {
		o.notice("warning", "query %s: %v", q.Name, err)
		return
	}
	for _, w := range ws {
		o.notice("warning", "query %s: a new checkpoint (id %s) over a sink holding %s of checkpoint %s (id %s): their files stay, the new ones go beside them, so rows read again appear in both (_etlgen_sink/<id>.log says which checkpoint wrote which file)",
			q.Name, q.ID, diag.Count(len(w.Batches), "batch", "batches"), w.Checkpoint, w.ID)
	}
}

// localFailure classifies a local engine's error: input-missing for a
// listed input file that is gone (localengine.CodeFileMissing),
// invalid-static-row for a static table row that breaks its contract (as
// the Spark program classifies it), else failure.
func localFailure(err error) *Failure {
	var ie *localengine.InputError
	var se *localengine.StaticRowError
	var ge *localengine.GateError
	var ee *localengine.ExpectationError
	if errors.As(err, &ee) {
		f, _ := expectationFailure(err.Error())
		return f
	}
	if errors.As(err, &ge) {
		f, _ := gateFailure(err.Error())
		return f
	}
	if errors.As(err, &se) {
		return &Failure{Code: FailureInvalidStaticRow, Message: err.Error(), Retry: InvalidStaticRowRetry}
	}
	if errors.As(err, &ie) {
		return &Failure{Code: "input-missing", Message: err.Error(),
			Retry: "restore " + ie.Path + " and run again, or set ignore_missing_files: true on the source asset to skip it; the checkpoint re-runs the batch"}
	}
	return &Failure{Code: "failure", Retry: "fix the cause and run again: the checkpoint resumes after the last committed batch", Message: err.Error()}
}

// watermarkString is a watermark in RFC 3339; "" for Spark's 0 (the
// epoch), a watermark before the first rows: none yet, not a time to judge
// lateness by.
func watermarkString(t time.Time) string {
	if t.IsZero() || t.UnixMilli() == 0 {
		return ""
	}
	return t.UTC().Format(time.RFC3339)
}

// localBatch is a local engine's progress as a Batch.
func localBatch(pp *planner.PipelinePlan, p *localengine.Progress) Batch {
	b := Batch{Pipeline: pp.ID, Query: p.Query, BatchID: p.BatchID, InputRows: int64(p.InputRows), InvalidRows: int64(p.InvalidRows),
		OutputRows: int64(p.OutputRows), LateRows: p.LateRows, DroppedByWatermark: p.DroppedByWatermark, StateRows: int64(p.StateRows),
		Skipped: p.Skipped, Replay: p.Replay}
	for _, g := range p.Gates {
		b.Gates = append(b.Gates, GateVerdict{Name: g.Name, Condition: g.Condition, Action: g.Action, Value: g.Value, Breached: g.Breached,
			Windows: g.Windows, WindowsBreached: g.WindowsBreached, BreachedWindows: g.BreachedWindows, Quarantined: g.Quarantined})
	}
	for _, w := range p.Warnings {
		b.Warnings = append(b.Warnings, Notice{Kind: "warning", Code: w.Code, Text: fmt.Sprintf("query %s batch %d: %s", p.Query, p.BatchID, w.Text)})
	}
	gateWarnings(&b)
	b.Expectations = localExpectations(p.Expectations)
	expectationWarnings(&b)
	if p.Duration > 0 {
		b.RowsPerSecond = float64(p.InputRows) / p.Duration.Seconds()
	}
	q, _ := pp.Query(p.Query)
	if q != nil && len(q.Watermarks) > 0 {
		b.LateWatermark, b.Watermark = watermarkString(p.LateWatermark), watermarkString(p.Watermark)
	}
	for _, src := range versionedSources(q) {
		src := src.Asset
		end, ok := p.EndOffsets[src]
		if !ok {
			continue
		}
		so := SourceOffsets{Source: src, Start: json.RawMessage("null"), End: deltaOffset(end)}
		if start, ok := p.StartOffsets[src]; ok && start.Delta {
			so.Start = deltaOffset(start)
		}
		b.Offsets = append(b.Offsets, so)
	}
	return b
}

// versionedSources are the sources of a query whose offsets are table
// versions (a Delta Change Data Feed); none when q is nil.
func versionedSources(q *planner.Query) []*planner.Source {
	if q == nil {
		return nil
	}
	var out []*planner.Source
	for _, s := range q.SourcePlans {
		if s.Binding != nil && s.Binding.Source().Rows == profile.RowsChanges {
			out = append(out, s)
		}
	}
	return out
}

// deltaOffset renders a local Delta offset as Spark shows a DeltaSourceOffset.
func deltaOffset(o localengine.Offset) json.RawMessage {
	data, _ := json.Marshal(struct {
		ReservoirVersion  int64 `json:"reservoirVersion"`
		IsStartingVersion bool  `json:"isStartingVersion,omitempty"`
	}{o.N, o.Snapshot})
	return data
}

// warnIgnoredStarts says that a resumed query's versioned source ignores
// its starting position: the checkpoint wins.
func warnIgnoredStarts(pp *planner.PipelinePlan, q *localengine.Query, o Options) {
	pq, _ := pp.Query(q.Name)
	for _, s := range versionedSources(pq) {
		src := s.Asset
		for _, opt := range s.Binding.Source().StartOptions {
			if s.Binding.Asset.Has(opt) {
				o.notice("warning", "checkpoint %s exists: %s=%s of %s is ignored; query %s resumes after its last committed version (use a new checkpoint to replay from %s)",
					q.Checkpoint, opt, s.Binding.Asset.String(opt), src, q.Name, opt)
			}
		}
	}
}

// localReportDir is where a local run's report goes: next to its file
// sinks (the parent of the first one), else in the checkpoint root.
func localReportDir(m *planner.Model, pp *planner.PipelinePlan) string {
	for _, q := range pp.Queries {
		if b := q.Sink.Binding; b != nil && b.Plugin().Store == profile.StoreFiles {
			return filepath.Dir(b.Path())
		}
	}
	return m.CheckpointRoot
}

// FailureInvalidStaticRow is the failure class of a batch failed by a
// static table row that breaks its contract, on both engines; retry
// guidance InvalidStaticRowRetry (the Spark runtime's FAILURES say the
// same).
const (
	FailureInvalidStaticRow = "invalid-static-row"
	InvalidStaticRowRetry   = "fix or remove the static table's rows that break the contract, then rerun: the checkpoint re-runs the batch"
)
