package localengine

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// Env is what an engine binds to: clock, memory streams and tables.
type Env struct {
	// Clock is the processing-time clock (batch timestamps, observed_at,
	// the rows of rate sources).
	Clock func() time.Time
	// Memory holds the memory streams by asset; missing ones are created.
	Memory map[string]*MemoryStream
	// Tables holds the memory tables by asset; missing ones are created.
	Tables map[string]*MemoryTable
	// Sources replaces the source of an asset, whatever its plugin, with
	// another Source (generated input for benchmarks and load tests).
	Sources map[string]Source
	// Sinks replaces the sink of a query, by asset (counting or discarding
	// sinks for benchmarks and load tests).
	Sinks map[string]Sink
	// Delta holds the Delta-like tables of the delta and delta-cdf plugins
	// (cdf_table.go); created, with Clock, when nil.
	Delta *DeltaCatalog
	// Kafka receives what kafka-json sinks produce instead of their
	// profile's broker (tests, e.g. a MemoryTopics); nil: the broker.
	Kafka KafkaProducer
}

// Engine runs the queries of one pipeline.
type Engine struct {
	// Pipeline is the pipeline id.
	Pipeline string
	// Queries are the pipeline's queries, in the plan's order; a hosted
	// load (planner.Query.Host) is none of them: its host writes it.
	Queries []*Query
	// Manifest is the state manifest written into every checkpoint.
	Manifest []byte
	// Abandoned lists the batches Run abandoned when it stopped (stop.go):
	// logged in offsets/N, not committed, re-run by the next start.
	Abandoned []AbandonedBatch
	// Hooks are called by Run as its batches go (hooks.go).
	Hooks Hooks
	env   *Env
	// fired is the processing time the trigger in flight fired at (Run);
	// zero outside Run.
	fired time.Time
	// stop is the profile's graceful-stop policy (Run).
	stop profile.Execution
	// locks are the checkpoint locks held until Close.
	locks []*checkpointLock
	// hosts maps each hosted load to the query that writes it.
	hosts map[string]string
}

// Open takes the lock of every query's checkpoint (a *LockedError when
// another engine holds one), compiles every query of pipeline pipelineID
// of m and positions it from its checkpoint (a *CheckpointError when the
// checkpoint's logs do not line up). m must come from planner.Plan without
// errors: Open reads only the model (the IR document, the bindings of its
// sources and sinks, the queries and the inferred schemas of its steps,
// the execution settings). A nil env is an empty one. Close releases the
// locks.
func Open(m *planner.Model, pipelineID string, env *Env) (*Engine, error) {
	return OpenContext(context.Background(), m, pipelineID, env)
}

// OpenContext is Open giving up when ctx ends (`etlgen run` stopped by
// SIGTERM): a sink that waits at open on something outside the process (a
// Kafka sink's bootstrap servers) stops waiting, and the open fails.
func OpenContext(ctx context.Context, m *planner.Model, pipelineID string, env *Env) (*Engine, error) {
	pp, ok := m.Pipeline(pipelineID)
	if !ok {
		return nil, fmt.Errorf("open engine: pipeline %s is not planned", pipelineID)
	}
	env = fillEnv(env)
	manifest, err := planner.NewManifest(m).Marshal()
	if err != nil {
		return nil, fmt.Errorf("open engine: %w", err)
	}
	e := &Engine{Pipeline: pipelineID, Manifest: manifest, env: env, stop: m.Execution, hosts: map[string]string{}}
	if err := e.open(ctx, m, pp); err != nil {
		e.Close()
		return nil, err
	}
	return e, nil
}

// open locks the checkpoints, checks the state against them and opens the
// queries.
func (e *Engine) open(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan) error {
	for _, q := range pp.Queries {
		if q.Host != "" {
			continue // the host's checkpoint
		}
		l, err := lockCheckpoint(q.Checkpoint)
		if err != nil {
			return err
		}
		e.locks = append(e.locks, l)
	}
	if err := checkCompat(m, pp, e.Manifest); err != nil {
		return err
	}
	inputs := newInputCache()
	for i := range pp.Queries {
		if h := pp.Queries[i].Host; h != "" {
			e.hosts[pp.Queries[i].Name] = h // its host writes it
			continue
		}
		q, err := e.openQuery(ctx, m, pp, &pp.Queries[i])
		if err != nil {
			return err
		}
		q.inputs = inputs
		inputs.addReader(q)
		e.Queries = append(e.Queries, q)
	}
	written := writtenAssets(pp)
	for _, q := range e.Queries {
		q.overlaps = q.mayOverlap(e.env, written)
	}
	return nil
}

// Close waits for the state snapshots in flight and releases the
// checkpoint locks: another engine, in this process or another, may then
// open the queries. Closing twice does nothing; an
// engine must not run after Close.
func (e *Engine) Close() error {
	var errs []error
	for _, q := range e.Queries {
		q.dropReadAheads()
		if err := q.snap.wait(); err != nil { // a state snapshot in flight
			errs = append(errs, fmt.Errorf("query %s: %w", q.Name, err))
		}
	}
	for _, l := range e.locks {
		if err := l.release(); err != nil {
			errs = append(errs, fmt.Errorf("release checkpoint lock: %w", err))
		}
	}
	e.locks = nil
	return errors.Join(errs...)
}

// fillEnv returns env with its missing parts created.
func fillEnv(env *Env) *Env {
	if env == nil {
		env = &Env{}
	}
	if env.Clock == nil {
		env.Clock = time.Now
	}
	if env.Memory == nil {
		env.Memory = map[string]*MemoryStream{}
	}
	if env.Tables == nil {
		env.Tables = map[string]*MemoryTable{}
	}
	if env.Delta == nil {
		env.Delta = NewDeltaCatalog(env.Clock)
	}
	return env
}

// openQuery compiles one query, opens its sources and sink through their
// plugins, and recovers it from its checkpoint.
func (e *Engine) openQuery(ctx context.Context, m *planner.Model, pp *planner.PipelinePlan, pq *planner.Query) (*Query, error) {
	if pq.Sink.Load == nil {
		return nil, fmt.Errorf("open query %s: no such load", pq.Name)
	}
	build := func() (*compiled, error) {
		c := newCompiler(m, pp, pq.OutputMode)
		root, err := c.load(pq)
		if err != nil {
			return nil, err
		}
		return &compiled{root: root, watermarks: c.watermarks, stateful: c.stateful, extracts: c.extracts, late: c.lateOut != nil,
			failure: c.failure}, nil
	}
	c, err := build()
	if err != nil {
		return nil, err
	}
	q := &Query{Name: pq.Name, Checkpoint: pq.Checkpoint, cp: checkpoint{dir: pq.Checkpoint}, build: build, c: c,
		pipeline: pp.ID, mode: pq.OutputMode, gates: pq.Gates, expectations: pq.Expectations, clock: e.env.Clock, sources: map[string]Stream{}, validators: map[string]*validator{},
		snap: snapshotter{interval: snapshotInterval(m), last: -1}}
	if q.ID, err = q.cp.identity(); err != nil {
		return nil, fmt.Errorf("open query %s: %w", pq.Name, err)
	}
	if err := q.bindSources(m, sourceArgs{checkpoint: pq.Checkpoint, env: e.env, now: e.now}); err != nil {
		return nil, err
	}
	if q.sink, err = bindSink(pq, sinkArgs{ctx: ctx, q: pq, id: q.ID, env: e.env}); err != nil {
		return nil, err
	}
	if err := q.openStaticQuarantines(ctx, pq, e.env); err != nil {
		return nil, err
	}
	if err := q.openGateOutputs(ctx, pq, e.env); err != nil {
		return nil, err
	}
	if err := q.openHosted(ctx, pp, pq, e.env); err != nil {
		return nil, err
	}
	if err := q.recover(); err != nil {
		return nil, fmt.Errorf("open query %s: %w", pq.Name, err)
	}
	return q, nil
}

// now is the processing time sources generate rows up to: the time the
// trigger in flight fired at, else the clock.
func (e *Engine) now() time.Time {
	if !e.fired.IsZero() {
		return e.fired
	}
	return e.env.Clock()
}

// Query returns the named query; for a hosted load (planner.Query.Host),
// the query that writes it.
func (e *Engine) Query(name string) (*Query, bool) {
	if h, ok := e.hosts[name]; ok {
		name = h
	}
	for _, q := range e.Queries {
		if q.Name == name {
			return q, true
		}
	}
	return nil, false
}

// snapshotInterval is how many batches apart state snapshots are written:
// the plan's (execution.state_snapshot_interval), else
// DefaultSnapshotInterval.
func snapshotInterval(m *planner.Model) int64 {
	if n := m.StateSnapshotInterval; n > 0 {
		return int64(n)
	}
	return DefaultSnapshotInterval
}
