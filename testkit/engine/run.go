package engine

import (
	"context"
	"fmt"
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
// offset when the run starts. Run checks ctx before every batch: once ctx
// ends it returns nil after the batch in flight, which committed; the
// backlog stays for the next run.
func (e *Engine) Run(ctx context.Context, t profile.Trigger, onBatch func(*Progress)) error {
	switch t.Type {
	case profile.TriggerOnce:
		_, err := e.fire(ctx, onBatch, e.runOnce)
		return err
	case profile.TriggerProcessingTime:
		return e.every(ctx, t.Interval, onBatch)
	}
	_, err := e.fire(ctx, onBatch, e.runAvailable)
	return err
}

// fire runs one trigger with the processing time pinned to when it fired.
func (e *Engine) fire(ctx context.Context, onBatch func(*Progress), run func(context.Context, func(*Progress)) (bool, error)) (bool, error) {
	e.fired = e.env.Clock()
	defer func() { e.fired = time.Time{} }()
	return run(ctx, onBatch)
}

// every fires a trigger at every interval until ctx ends.
func (e *Engine) every(ctx context.Context, interval time.Duration, onBatch func(*Progress)) error {
	for {
		ran, err := e.fire(ctx, onBatch, e.runAvailable)
		if err != nil || ctx.Err() != nil {
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
		case <-ctx.Done():
			return nil
		case <-time.After(wait):
		}
	}
}

// RunAvailable runs batches of every query until none has anything left
// to run (processAllAvailable), calling onBatch after each batch.
func (e *Engine) RunAvailable(onBatch func(*Progress)) error {
	_, err := e.runAvailable(context.Background(), onBatch)
	return err
}

// runAvailable runs rounds of one batch per query until a round runs
// none or ctx ends; ran says whether any batch ran.
func (e *Engine) runAvailable(ctx context.Context, onBatch func(*Progress)) (bool, error) {
	ranAny := false
	for {
		ran, err := e.runOnce(ctx, onBatch)
		if err != nil || !ran || ctx.Err() != nil {
			return ranAny || ran, err
		}
		ranAny = true
	}
}

// runOnce runs at most one batch of every query, stopping early when ctx
// ends; ran says whether any batch ran.
func (e *Engine) runOnce(ctx context.Context, onBatch func(*Progress)) (bool, error) {
	ran := false
	for _, q := range e.Queries {
		if ctx.Err() != nil {
			return ran, nil
		}
		p, ok, err := q.RunBatch()
		if err != nil {
			return ran, fmt.Errorf("run query %s: %w", q.Name, err)
		}
		if ok {
			ran = true
			if onBatch != nil {
				onBatch(p)
			}
		}
	}
	return ran, nil
}
