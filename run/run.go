package run

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/testkit/engine"
)

// Options configure a run.
type Options struct {
	// OnBatch is called after every micro-batch of every query, in order,
	// from one goroutine.
	OnBatch func(Batch)
	// OnNotice receives warnings, retries and restarts.
	OnNotice func(Notice)
	// ProgramLog receives the Spark programs' stderr (Spark and Python
	// logs); nil drops it (the last lines reach a crash's report anyway).
	ProgramLog io.Writer
	// Python is the interpreter of the Spark programs; "" finds it
	// (pyspark.FindPython).
	Python string
	// Profile is the parsed profile the model was planned with, for the
	// Spark engine's pre-flight checks (doctor.Preflight: a source's
	// specific starting offsets against its topics' partitions); nil skips
	// them.
	Profile *profile.Profile
	// Fresh starts every pipeline over first (local engine: its
	// checkpoints and the files its file sinks hold, engine.StartOver);
	// Confirm is asked with the paths to delete, and nil or false
	// deletes nothing and ends the run with ErrStartOverDeclined.
	Fresh   bool
	Confirm func(paths []string) bool
}

// ErrStartOverDeclined is Run's error when Options.Confirm said no.
var ErrStartOverDeclined = engine.ErrStartOverDeclined

func (o Options) batch(b Batch) {
	if o.OnBatch != nil {
		o.OnBatch(b)
	}
}

// warn sends a coded warning.
func (o Options) warn(code, format string, args ...any) {
	if o.OnNotice != nil {
		o.OnNotice(Notice{Kind: "warning", Code: code, Text: fmt.Sprintf(format, args...)})
	}
}

func (o Options) notice(kind, format string, args ...any) {
	if o.OnNotice != nil {
		o.OnNotice(Notice{Kind: kind, Text: fmt.Sprintf(format, args...)})
	}
}

// Run runs every pipeline of m on the engine its profile names, one after
// the other, and returns a report per pipeline run so far, each also
// written as run-report.json. ctx ending stops a run gracefully: the
// local engine after the batch in flight, a Spark program by its stop
// policy. An error means the run could not start or the engine failed; a
// Spark program that failed is a report with status failed and no error.
func Run(ctx context.Context, m *planner.Model, o Options) ([]*Report, error) {
	var reports []*Report
	switch m.Engine {
	case profile.EngineLocal:
		for i := range m.Pipelines {
			if o.Fresh {
				if err := startOver(m, m.Pipelines[i].ID, o); err != nil {
					return reports, err
				}
			}
			r, err := runLocal(ctx, m, &m.Pipelines[i], o)
			if r != nil {
				reports = append(reports, r)
			}
			if err != nil {
				return reports, err
			}
		}
	case profile.EnginePySpark:
		if o.Fresh {
			return nil, freshOnSpark(m)
		}
		return runSpark(ctx, m, o)
	default:
		return nil, fmt.Errorf("run: unknown engine %q", m.Engine)
	}
	return reports, nil
}

// newReport starts a pipeline's report.
func newReport(m *planner.Model, pp *planner.PipelinePlan) *Report {
	r := &Report{Pipeline: pp.ID, Profile: m.Profile, Engine: m.Engine, Start: "fresh", Status: "finished", Sinks: map[string]int64{}}
	for _, q := range pp.Queries {
		r.query(q.Name)
	}
	return r
}

// IncompatibleStateError is a run refused because its plan cannot reuse the
// state of an existing checkpoint: the planner's ETL-X6xx diagnostics.
type IncompatibleStateError = engine.IncompatibleStateError

// LockedError is a run refused because another run (or engine) holds the
// checkpoint of one of its queries: ETL-K520, naming the holder.
type LockedError = engine.LockedError

// CheckpointError is a run refused because a checkpoint's offsets,
// commits, state files and sink log do not line up: ETL-K521, K522, K523.
type CheckpointError = engine.CheckpointError

// startOver deletes a pipeline's earlier state on the local engine, as
// the user confirms, and says what it deleted.
func startOver(m *planner.Model, pipelineID string, o Options) error {
	confirm := o.Confirm
	if confirm == nil {
		confirm = func([]string) bool { return false }
	}
	done, err := engine.StartOver(m, pipelineID, confirm)
	if err != nil {
		return err
	}
	if len(done) == 0 {
		o.notice("fresh", "%s: nothing to delete, the run starts fresh", pipelineID)
	} else {
		o.notice("fresh", "%s: deleted %d checkpoint and sink paths, the run starts fresh", pipelineID, len(done))
	}
	return nil
}

// freshOnSpark refuses --fresh on the Spark engine, saying what starting
// over there takes: the checkpoints, and the sink tables (a Delta sink
// skips the batches its txnAppId already committed, so a new checkpoint
// over an old table would write nothing).
func freshOnSpark(m *planner.Model) error {
	var b strings.Builder
	b.WriteString("run --fresh deletes local state only; on Spark, stop every run, then delete")
	for _, q := range SinkQueries(m) {
		fmt.Fprintf(&b, "\n  checkpoint %s", q.Checkpoint)
	}
	seen := map[string]bool{}
	for _, q := range SinkQueries(m) {
		if q.Sink.Plugin == profile.PluginDelta && !seen[q.Sink.Identity] {
			seen[q.Sink.Identity] = true
			fmt.Fprintf(&b, "\n  the %s table %s (its rows, or the whole table)", q.Sink.Plugin, q.Sink.Identity)
		}
	}
	return &FreshUnsupportedError{Text: b.String()}
}

// FreshUnsupportedError is Run's error for --fresh on an engine whose
// state etlgen does not delete itself.
type FreshUnsupportedError struct{ Text string }

func (e *FreshUnsupportedError) Error() string { return e.Text }
