package localengine

import (
	"context"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
)

// pollingDelay is how long a processing-time trigger without an interval
// waits when no query had data (spark.sql.streaming.pollingDelay).
const pollingDelay = 10 * time.Millisecond

// Run runs micro-batches as the trigger says, calling onBatch (when not
// nil) after each batch:
//
//   - once: at most one batch per query;
//   - available-now, and a profile without a trigger: batches until no
//     query has data left (RunAvailable);
//   - processing-time: at every interval, aligned to multiples of it as
//     Spark's ProcessingTimeExecutor aligns them (a trigger that ran late
//     fires the next at once), what is available, until ctx ends.
//
// Each trigger reads sources that depend on processing time (rate) up to
// the time it fired, as Spark's available-now fixes each source's end
// offset when the run starts. When ctx ends Run stops as the profile's
// stop policy says (stop.go) and returns nil: finish-batch lets the batch
// in flight commit, unless it is still running stop_timeout later;
// cancel-batch abandons it before its sink write (Abandoned). No other
// batch starts; the backlog stays for the next run.
func (e *Engine) Run(ctx context.Context, t profile.Trigger, onBatch func(*Progress)) error {
	abort, done := e.abortOn(ctx)
	defer done()
	r := runner{ctx: ctx, abort: abort, onBatch: onBatch, started: e.Hooks.BatchStarted, notice: e.Hooks.Notice}
	switch t.Type {
	case profile.TriggerOnce:
		_, err := e.fire(r, e.runOnce)
		return err
	case profile.TriggerProcessingTime:
		r.idle = e.Hooks.Idle
		return e.every(r, t.Interval)
	}
	_, err := e.fire(r, e.runAvailable)
	return err
}

// runner is what a trigger loop runs with: the run's context, the stop's
// abort channel (nil: never abandon), the batch callback and the hooks
// (nil: none; idle only under a processing-time trigger).
type runner struct {
	ctx     context.Context
	abort   <-chan struct{}
	onBatch func(*Progress)
	started func(query string, batchID int64, replay bool)
	idle    func(query string)
	notice  func(query string, w Warning)
}

// notify hands the hook what q's sources noticed (dropped without one).
func (r runner) notify(q *Query) {
	for _, w := range q.notices {
		if r.notice != nil {
			r.notice(q.Name, w)
		}
	}
	q.notices = nil
}

// fire runs one trigger with the processing time pinned to when it fired.
func (e *Engine) fire(r runner, run func(runner) (bool, error)) (bool, error) {
	e.fired = e.env.Clock()
	defer func() { e.fired = time.Time{} }()
	return run(r)
}

// every fires a trigger at every interval until ctx ends.
func (e *Engine) every(r runner, interval time.Duration) error {
	for {
		ran, err := e.fire(r, e.runAvailable)
		if err != nil || r.ctx.Err() != nil {
			return err
		}
		wait := pollingDelay
		if interval > 0 {
			now := time.Now()
			wait = now.Truncate(interval).Add(interval).Sub(now)
		} else if ran {
			wait = 0
		}
		select {
		case <-r.ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
}

// RunAvailable runs batches of every query until none has anything left
// to run (processAllAvailable), calling onBatch after each batch.
func (e *Engine) RunAvailable(onBatch func(*Progress)) error {
	_, err := e.runAvailable(runner{ctx: context.Background(), onBatch: onBatch, notice: e.Hooks.Notice})
	return err
}

// runAvailable runs rounds of one batch per query until a round runs
// none or ctx ends; ran says whether any batch ran.
func (e *Engine) runAvailable(r runner) (bool, error) {
	ranAny := false
	for {
		ran, err := e.runOnce(r)
		if err != nil || !ran || r.ctx.Err() != nil {
			return ranAny || ran, err
		}
		ranAny = true
	}
}

// runOnce runs at most one batch of every query, starting none once ctx
// ended; ran says whether any batch ran. A batch the stop abandons is
// recorded in Abandoned. The queries that may overlap the one before them
// run in segments (round.go).
func (e *Engine) runOnce(r runner) (bool, error) {
	ran := false
	for i := 0; i < len(e.Queries); {
		if r.ctx.Err() != nil {
			return ran, nil
		}
		turns := e.segment(r, i)
		did, stop, err := e.report(r, turns)
		ran = ran || did
		if err != nil || stop {
			return ran, err
		}
		i += len(turns)
	}
	return ran, nil
}
