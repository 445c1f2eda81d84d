package run

import (
	"context"
	"fmt"

	"github.com/etlgen/etlgen/planner"
)

// States of a run (Status.State) and of a pipeline's report
// (Report.Status).
const (
	StateRunning  = "running"
	StateFinished = "finished"
	StateStopped  = "stopped"
	StateFailed   = "failed"
)

// Handle is a run that Start started: its pipelines run one after the
// other in a goroutine of their own.
type Handle struct {
	id     string
	cancel context.CancelFunc
	s      *stream
	done   chan struct{}
	// reports and err are set before done closes.
	reports []*Report
	err     error
}

// Status is a snapshot of a run.
type Status struct {
	// State is running, then finished, stopped (a pipeline was stopped) or
	// failed (a pipeline failed, or the run could not go on).
	State string
	// Pipeline is the pipeline of the latest event ("" before the first).
	Pipeline string
	// Batches counts the micro-batches of every query so far; Last is the
	// latest (nil before the first).
	Batches int
	Last    *Batch
}

// Start runs every pipeline of m on the engine its profile names, one
// after the other, and returns at once with a handle to wait for or stop
// the run; its events go to o.OnEvent as they happen. What Start checks
// before it returns is an error then: an unknown engine, Fresh on Spark
// (a *FreshUnsupportedError), a start over the user declined
// (ErrStartOverDeclined), a program that could not be generated.
//
// ctx is the run's: when it ends, the run stops as Stop stops it.
func Start(ctx context.Context, m *planner.Model, o Options) (*Handle, error) {
	var body func(context.Context, *Handle) ([]*Report, error)
	switch {
	case m.InProcess:
		if o.Fresh {
			for i := range m.Pipelines {
				if err := startOver(m, m.Pipelines[i].ID, o); err != nil {
					return nil, err
				}
			}
		}
		body = func(ctx context.Context, h *Handle) ([]*Report, error) { return runLocalAll(ctx, m, o, h) }
	case m.OnSpark:
		if o.Fresh {
			return nil, freshOnSpark(m)
		}
		dir, err := compileSpark(m)
		if err != nil {
			return nil, err
		}
		body = func(ctx context.Context, h *Handle) ([]*Report, error) { return runSpark(ctx, m, dir, o, h) }
	default:
		return nil, fmt.Errorf("run: unknown engine %q", m.Engine)
	}
	rctx, cancel := context.WithCancel(ctx)
	h := &Handle{id: newRunID(), cancel: cancel, s: newStream(o), done: make(chan struct{})}
	h.s.ol = newLineage(ctx, m, o)
	go func() {
		defer cancel()
		h.reports, h.err = body(rctx, h)
		h.s.ol.close()
		h.s.end(h.reports, h.err)
		close(h.done)
	}()
	return h, nil
}

// ID is the run's id: random, and on Spark the program's run id, which
// every Delta commit of the run carries in its userMetadata (run_id).
func (h *Handle) ID() string { return h.id }

// Status returns a snapshot of the run; it may be called from any
// goroutine, an OnEvent callback included.
func (h *Handle) Status() Status { return h.s.status() }

// Await waits until the run has ended and returns a report per pipeline
// run (each also written as run-report.json), as Run does. When ctx ends
// first it returns ctx's error and the run goes on.
func (h *Handle) Await(ctx context.Context) ([]*Report, error) {
	select {
	case <-h.done:
		return h.reports, h.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Stop stops the run by the profile's stop policy, exactly as the end of
// Start's ctx does (finish-batch: the batch in flight commits, unless it
// is still running stop_timeout later; cancel-batch: it is abandoned and
// re-runs on the next start; no pipeline after it starts), and waits
// until the run has ended. When ctx ends first it returns ctx's error and
// the stop goes on; Await still returns the run's outcome.
func (h *Handle) Stop(ctx context.Context) error {
	h.cancel()
	select {
	case <-h.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// Run is Start, then Await: it runs every pipeline of m and returns a
// report per pipeline run so far, each also written as run-report.json.
// ctx ending stops the run gracefully: the local engine after the batch
// in flight, a Spark program by its stop policy; Run returns once it has
// stopped. An error means the run could not start or the engine failed;
// a Spark program that failed is a report with status failed and no
// error.
func Run(ctx context.Context, m *planner.Model, o Options) ([]*Report, error) {
	h, err := Start(ctx, m, o)
	if err != nil {
		return nil, err
	}
	return h.Await(context.Background())
}
