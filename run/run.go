package run

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// Options configure a run.
type Options struct {
	// OnEvent receives the lifecycle events of every query (Event), in
	// order, one at a time; it must not block for long (the engine waits).
	OnEvent func(Event)
	// OnBatch is called after every micro-batch of every query, in order,
	// one at a time: the Batch of each BatchCompleted, after OnEvent.
	OnBatch func(Batch)
	// OnNotice receives warnings, retries and restarts.
	OnNotice func(Notice)
	// ProgramLog receives the Spark programs' stderr (Spark and Python
	// logs); nil drops it (the last lines reach a crash's report anyway).
	ProgramLog io.Writer
	// Python is the interpreter of the Spark programs; "" finds it
	// (sparkrun.FindPython).
	Python string
	// Profile is the parsed profile the model was planned with, for the
	// Spark engine's pre-flight checks (doctor.Preflight: a source's
	// specific starting offsets against its topics' partitions); nil skips
	// them.
	Profile *profile.Profile
	// Fresh starts every pipeline over first (local engine: its
	// checkpoints and the files its file sinks hold, localengine.StartOver);
	// Confirm is asked with the paths to delete, and nil or false
	// deletes nothing and ends the run with ErrStartOverDeclined.
	Fresh   bool
	Confirm func(paths []string) bool
	// env is added to a Spark program's environment (a replay program's
	// entries file).
	env []string
}

// ErrStartOverDeclined is Start's error when Options.Confirm said no.
var ErrStartOverDeclined = localengine.ErrStartOverDeclined

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

// runLocalAll runs the pipelines on the local engine, one after the
// other (a stop still opens the later ones: each has a report, stopped).
func runLocalAll(ctx context.Context, m *planner.Model, o Options, h *Handle) ([]*Report, error) {
	var reports []*Report
	for i := range m.Pipelines {
		r, err := runLocal(ctx, m, &m.Pipelines[i], o, h)
		if r != nil {
			reports = append(reports, r)
		}
		if err != nil {
			return reports, err
		}
	}
	return reports, nil
}

// newReport starts a pipeline's report.
func newReport(m *planner.Model, pp *planner.PipelinePlan, runID string) *Report {
	r := &Report{Pipeline: pp.ID, Profile: m.Profile, Engine: m.Engine, RunID: runID, Start: startFresh, Status: StateFinished,
		Sinks: map[string]int64{}, hosted: hostedOf(pp)}
	for _, q := range pp.Queries {
		r.query(q.Name).Host = q.Host
	}
	return r
}

// IncompatibleStateError is a run refused because its plan cannot reuse the
// state of an existing checkpoint: the planner's ETL-X6xx diagnostics.
type IncompatibleStateError = localengine.IncompatibleStateError

// LockedError is a run refused because another run (or engine) holds the
// checkpoint of one of its queries: ETL-K520, naming the holder.
type LockedError = localengine.LockedError

// CheckpointError is a run refused because a checkpoint's offsets,
// commits, state files and sink log do not line up: ETL-K521, K522, K523.
type CheckpointError = localengine.CheckpointError

// startOver deletes a pipeline's earlier state on the local engine, as
// the user confirms, and says what it deleted: its queries' checkpoints
// and sink files, and what its replays wrote (replayLeftovers).
func startOver(m *planner.Model, pipelineID string, o Options) error {
	confirm := o.Confirm
	if confirm == nil {
		confirm = func([]string) bool { return false }
	}
	done, err := localengine.StartOver(m, pipelineID, confirm, replayLeftovers(m, pipelineID)...)
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
// skips the batches its txnAppId already committed, an Iceberg sink those
// a snapshot of its table records for the query, so a new checkpoint over
// an old table would skip its first batches).
func freshOnSpark(m *planner.Model) error {
	var b strings.Builder
	b.WriteString("run --fresh deletes local state only; on Spark, stop every run, then delete")
	for _, q := range SinkQueries(m) {
		fmt.Fprintf(&b, "\n  checkpoint %s", q.Checkpoint)
	}
	for _, dir := range sparkReplayDirs(m) {
		fmt.Fprintf(&b, "\n  replay directory %s (the replay's ledger table and checkpoints)", dir)
	}
	seen := map[string]bool{}
	for _, q := range SinkQueries(m) {
		table := sinkPlugin(q).Store == profile.StoreTable
		if table && !seen[q.Sink.Identity] {
			seen[q.Sink.Identity] = true
			fmt.Fprintf(&b, "\n  the %s table %s (its rows, or the whole table)", q.Sink.Plugin, q.Sink.Identity)
		}
	}
	return &FreshUnsupportedError{Text: b.String()}
}

// FreshUnsupportedError is Start's error for --fresh on an engine whose
// state etlgen does not delete itself.
type FreshUnsupportedError struct{ Text string }

func (e *FreshUnsupportedError) Error() string { return e.Text }
