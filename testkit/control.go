package testkit

import (
	"errors"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/localengine"
)

// ProcessAllAvailable runs micro-batches of every query until no query has
// new data or a pending no-data batch (Spark's processAllAvailable).
func (rt *Runtime) ProcessAllAvailable() {
	rt.tb.Helper()
	err := rt.engineOrFatal().RunAvailable(func(p *localengine.Progress) { rt.Progress = append(rt.Progress, *p) })
	if err != nil {
		rt.tb.Fatalf("testkit: process: %v", err)
	}
}

// TryProcessAllAvailable is ProcessAllAvailable returning the error that
// stopped it (a batch a sink refused, such as a MERGE several rows of the
// batch match one row of: localengine.ErrMultipleSourceRows), as a failed
// query on Spark stops.
func (rt *Runtime) TryProcessAllAvailable() error {
	rt.tb.Helper()
	return rt.engineOrFatal().RunAvailable(func(p *localengine.Progress) { rt.Progress = append(rt.Progress, *p) })
}

// AdvanceProcessingTime moves the processing-time clock forward by d: it
// stamps the next batches (batch timestamp, observed_at of rejections).
func (rt *Runtime) AdvanceProcessingTime(d time.Duration) {
	rt.tb.Helper()
	if d < 0 {
		rt.tb.Fatalf("testkit: advance processing time by %s: time only moves forward", d)
	}
	rt.now = rt.now.Add(d)
}

// Now returns the processing-time clock.
func (rt *Runtime) Now() time.Time { return rt.now }

// AdvanceWatermark moves the event-time watermark of every query with a
// watermark to t, as if events at t + delay had been processed: each
// watermark operator's value is raised to t (Spark's WatermarkTracker map),
// so the global watermark is t, and the next ProcessAllAvailable starts with
// a no-data batch running at t, which emits and evicts what ends at or
// before t (append mode). The batches after it judge late rows against t
// (Spark judges them against the previous batch's watermark): rows whose
// window end, or event time, is at or before t are dropped by the stateful
// operators and routed to Late() outputs. The watermark only moves
// forward: a t behind the current watermark fails the test.
func (rt *Runtime) AdvanceWatermark(t time.Time) {
	rt.tb.Helper()
	for _, q := range rt.engineOrFatal().Queries {
		if err := q.AdvanceWatermark(t); err != nil {
			rt.tb.Fatalf("testkit: %v", err)
		}
	}
}

// Stop stops the queries and releases their checkpoints' locks; memory
// streams, tables and checkpoints stay.
func (rt *Runtime) Stop() { rt.close() }

// close closes the engine, if open.
func (rt *Runtime) close() {
	if rt.eng != nil {
		rt.eng.Close()
		rt.eng = nil
	}
}

// Restart stops the queries (closing the engine, which releases the
// checkpoints' locks) and starts them again from their checkpoints, with
// the options (e.g. WithPipeline) applied; it fails the test on error.
func (rt *Runtime) Restart(opts ...Option) {
	rt.tb.Helper()
	if err := rt.TryRestart(opts...); err != nil {
		rt.tb.Fatalf("testkit: restart: %v", err)
	}
}

// TryRestart is Restart returning the error: an *localengine.IncompatibleStateError
// (see StateDiagnostics) when the new pipeline cannot reuse the state.
func (rt *Runtime) TryRestart(opts ...Option) error {
	rt.close()
	cfg := config{}
	for _, o := range opts {
		o(&cfg)
	}
	p := rt.pipeline
	if cfg.pipeline != nil {
		p = cfg.pipeline
	}
	return rt.open(p)
}

// StateDiagnostics returns the ETL-X6xx diagnostics of a TryRestart error,
// nil when err is not a state incompatibility.
func StateDiagnostics(err error) diag.List {
	var ie *localengine.IncompatibleStateError
	if errors.As(err, &ie) {
		return ie.Diagnostics
	}
	return nil
}

// CrashBeforeCommit runs the next batch of every query that has one (new
// data, or a no-data batch the watermark calls for) through its sink write
// and its state delta and stops the pipeline before commits/N, as a
// process dying there would; Restart then re-runs those batches with the
// same offsets, from the state before them.
// Each batch's quality gates are evaluated first: a query whose fail gate
// breaches stops at the gate, its sink unwritten, before the crash.
func (rt *Runtime) CrashBeforeCommit() {
	rt.tb.Helper()
	for _, q := range rt.engineOrFatal().Queries {
		var ge *localengine.GateError
		if _, err := q.Crash(); err != nil && !errors.As(err, &ge) {
			rt.tb.Fatalf("testkit: crash: %v", err)
		}
	}
	rt.close() // a process dying releases its locks
}

// Recovered reports whether the queries resumed from existing checkpoints.
func (rt *Runtime) Recovered() bool {
	for _, q := range rt.engineOrFatal().Queries {
		if !q.Recovered {
			return false
		}
	}
	return true
}

// Watermark returns the watermark the next batch of query will use.
func (rt *Runtime) Watermark(query string) time.Time {
	rt.tb.Helper()
	return rt.query(query).Watermark()
}

func (rt *Runtime) query(name string) *localengine.Query {
	rt.tb.Helper()
	q, ok := rt.engineOrFatal().Query(name)
	if !ok {
		rt.tb.Fatalf("testkit: no query %q", name)
	}
	return q
}
