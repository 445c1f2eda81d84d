package testkit

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/testkit/engine"
)

// DefaultProcessingTime is where the processing-time clock starts unless
// ProcessingTime says otherwise.
var DefaultProcessingTime = time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)

// Runtime is a pipeline running on the local engine in a test.
type Runtime struct {
	tb       testing.TB
	pipeline *etl.Pipeline
	cfg      config
	prof     *profile.Profile
	doc      *ir.Document
	env      *engine.Env
	eng      *engine.Engine
	now      time.Time
	// Progress lists every batch run so far, in order.
	Progress []engine.Progress
}

// Option configures Start and Restart.
type Option func(*config)

type config struct {
	profileFile string
	profileYAML string
	start       time.Time
	pipeline    *etl.Pipeline
}

// ProfileFile runs the pipeline with the profile at path.
func ProfileFile(path string) Option { return func(c *config) { c.profileFile = path } }

// ProfileYAML runs the pipeline with an inline profile; relative paths
// resolve against the test's working directory.
func ProfileYAML(yaml string) Option { return func(c *config) { c.profileYAML = yaml } }

// ProcessingTime sets where the processing-time clock starts.
func ProcessingTime(t time.Time) Option { return func(c *config) { c.start = t.UTC() } }

// WithPipeline restarts with another version of the pipeline (Restart).
func WithPipeline(p *etl.Pipeline) Option { return func(c *config) { c.pipeline = p } }

// Start plans p with the test profile and starts it; it fails the test when
// the planner reports errors.
func Start(tb testing.TB, p *etl.Pipeline, opts ...Option) *Runtime {
	tb.Helper()
	rt := &Runtime{tb: tb, pipeline: p, env: &engine.Env{}}
	for _, o := range opts {
		o(&rt.cfg)
	}
	rt.now = rt.cfg.start
	if rt.now.IsZero() {
		rt.now = DefaultProcessingTime
	}
	rt.env.Clock = func() time.Time { return rt.now }
	if err := rt.open(p); err != nil {
		tb.Fatalf("testkit: start %s: %v", p.ID(), err)
	}
	tb.Cleanup(func() { rt.eng = nil })
	return rt
}

// open plans p and opens the engine over the runtime's streams and tables.
func (rt *Runtime) open(p *etl.Pipeline) error {
	doc := etl.DocumentOf(p)
	if rt.prof == nil {
		prof, err := rt.loadProfile(doc, p.ID())
		if err != nil {
			return err
		}
		rt.prof = prof
	}
	model, l := planner.Plan(doc, rt.prof, planner.Options{Pipelines: []string{p.ID()}})
	if l.HasErrors() {
		return fmt.Errorf("plan: %w", renderDiags(l))
	}
	eng, err := engine.Open(doc, p.ID(), model, rt.prof, rt.env)
	if err != nil {
		return err
	}
	rt.doc, rt.eng, rt.pipeline = doc, eng, p
	return nil
}

// loadProfile reads the configured profile or builds the memory one.
func (rt *Runtime) loadProfile(doc *ir.Document, id string) (*profile.Profile, error) {
	var prof *profile.Profile
	var l diag.List
	switch {
	case rt.cfg.profileFile != "":
		p, pl, err := profile.Load(rt.cfg.profileFile)
		if err != nil {
			return nil, err
		}
		prof, l = p, pl
	case rt.cfg.profileYAML != "":
		prof, l = profile.Parse("inline.yaml", []byte(rt.cfg.profileYAML))
	default:
		prof, l = profile.Parse(filepath.Join(rt.tb.TempDir(), "test.yaml"), memoryProfile(doc, id, rt.tb.TempDir()))
	}
	if l.HasErrors() {
		return nil, fmt.Errorf("profile: %w", renderDiags(l))
	}
	return prof, nil
}

// memoryProfile binds every asset of pipeline id to the memory plugin.
func memoryProfile(doc *ir.Document, id, checkpoints string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "name: test\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n  trigger: {type: available-now}\n  checkpoint_root: %q\nassets:\n", checkpoints)
	var assets []string
	for _, p := range doc.Pipelines {
		if p.ID != id {
			continue
		}
		for _, e := range p.Extracts {
			assets = append(assets, e.Asset)
		}
		for _, ld := range p.Loads {
			assets = append(assets, ld.Asset)
		}
	}
	sort.Strings(assets)
	for _, a := range assets {
		fmt.Fprintf(&b, "  %s: {plugin: memory}\n", a)
	}
	return b.Bytes()
}

func renderDiags(l diag.List) error {
	var b strings.Builder
	_ = diag.WriteText(&b, l)
	return errors.New(strings.TrimSpace(b.String()))
}

// engineOrFatal returns the running engine, failing when stopped.
func (rt *Runtime) engineOrFatal() *engine.Engine {
	rt.tb.Helper()
	if rt.eng == nil {
		rt.tb.Fatalf("testkit: the pipeline is stopped; call Restart first")
	}
	return rt.eng
}

// ProcessAllAvailable runs micro-batches of every query until no query has
// new data or a pending no-data batch (Spark's processAllAvailable).
func (rt *Runtime) ProcessAllAvailable() {
	rt.tb.Helper()
	err := rt.engineOrFatal().RunAvailable(func(p *engine.Progress) { rt.Progress = append(rt.Progress, *p) })
	if err != nil {
		rt.tb.Fatalf("testkit: process: %v", err)
	}
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

// AdvanceWatermark sets the event-time watermark of every query with a
// watermark to t, as if events at t + delay had been seen in earlier
// batches: each watermark operator's value is raised to t (Spark's
// WatermarkTracker map), so the global watermark is t. Nothing runs until
// the next ProcessAllAvailable, whose first batch uses t: new rows at or
// before t are late for stateful operators, and, with no new data, a no-data
// batch runs so that append-mode windows ending at or before t are emitted
// and evicted. The watermark only moves forward: a t behind the current
// watermark fails the test.
func (rt *Runtime) AdvanceWatermark(t time.Time) {
	rt.tb.Helper()
	for _, q := range rt.engineOrFatal().Queries {
		if err := q.AdvanceWatermark(t); err != nil {
			rt.tb.Fatalf("testkit: %v", err)
		}
	}
}

// Stop stops the queries; memory streams, tables and checkpoints stay.
func (rt *Runtime) Stop() { rt.eng = nil }

// Restart stops the queries and starts them again from their checkpoints,
// with the options (e.g. WithPipeline) applied; it fails the test on error.
func (rt *Runtime) Restart(opts ...Option) {
	rt.tb.Helper()
	if err := rt.TryRestart(opts...); err != nil {
		rt.tb.Fatalf("testkit: restart: %v", err)
	}
}

// TryRestart is Restart returning the error: an *engine.IncompatibleStateError
// (see StateDiagnostics) when the new pipeline cannot reuse the state.
func (rt *Runtime) TryRestart(opts ...Option) error {
	rt.eng = nil
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
	var ie *engine.IncompatibleStateError
	if errors.As(err, &ie) {
		return ie.Diagnostics
	}
	return nil
}

// CrashBeforeCommit runs one batch of every query with new data up to its
// sink write and stops the pipeline before the commit, as a process dying
// there would; Restart then re-runs those batches with the same offsets.
func (rt *Runtime) CrashBeforeCommit() {
	rt.tb.Helper()
	for _, q := range rt.engineOrFatal().Queries {
		if _, err := q.Crash(); err != nil {
			rt.tb.Fatalf("testkit: crash: %v", err)
		}
	}
	rt.eng = nil
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

func (rt *Runtime) query(name string) *engine.Query {
	rt.tb.Helper()
	q, ok := rt.engineOrFatal().Query(name)
	if !ok {
		rt.tb.Fatalf("testkit: no query %q", name)
	}
	return q
}

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

// checkpointFiles lists a query checkpoint's log entries (tests).
func checkpointFiles(dir, kind string) []string {
	entries, _ := os.ReadDir(filepath.Join(dir, kind))
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	return out
}
