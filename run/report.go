package run

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/etlgen/etlgen/pyspark/events"
)

// Report is what one run of one pipeline did, on either engine; it is
// written as run-report.json.
type Report struct {
	Pipeline string `json:"pipeline"`
	Profile  string `json:"profile"`
	Engine   string `json:"engine"`
	// Program is the generated Spark program (pyspark engine).
	Program string `json:"program,omitempty"`
	// Start is fresh, or checkpoint-recovery when a query resumed.
	Start string `json:"start"`
	// Status is finished, stopped (a graceful stop) or failed; running in
	// the report a Spark run rewrites after every event.
	Status string `json:"status"`
	// RunID is the run's id (Handle.ID); on Spark also in the
	// userMetadata of every Delta commit the program made.
	RunID string `json:"runId,omitempty"`
	// Driver is the Spark engine's driver lease and session.
	Driver   *DriverReport `json:"driver,omitempty"`
	ExitCode int           `json:"exitCode"`
	// Batches counts the micro-batches of every query that ran (not
	// those of hosted loads: their host's).
	Batches int           `json:"batches"`
	Queries []QueryReport `json:"queries"`
	// Sinks are the rows each query wrote in this run, by query name.
	Sinks map[string]int64 `json:"sinks"`
	// Warnings are the coded warnings of the run's batches (local engine:
	// input files that vanished or changed after they were listed).
	Warnings []Notice `json:"warnings,omitempty"`
	Failure  *Failure `json:"failure,omitempty"`
	// Lineage counts the OpenLineage events of the run
	// (execution.openlineage); nil when the profile asks for none.
	Lineage *LineageReport `json:"lineage,omitempty"`
	// Executors is which executors ran the run's tasks (pyspark engine,
	// read from the driver's status API after the run); nil on the local
	// engine.
	Executors *ExecutorsReport `json:"executors,omitempty"`
	// Path is where the report was written.
	Path string `json:"-"`
	// hosted maps each query hosting loads to them (hostedOf).
	hosted map[string][]string
}

// QueryReport is one query's part of a run.
type QueryReport struct {
	Name  string `json:"name"`
	Start string `json:"start"`
	// Host is, for a hosted load (multi-sink), the query whose batches
	// wrote it; its batches are the host's.
	Host string `json:"host,omitempty"`
	// Batches counts the query's micro-batches in this run; LastBatchID is
	// the id of the last one committed so far (-1: none yet).
	Batches            int    `json:"batches"`
	LastBatchID        int64  `json:"lastBatchId"`
	InputRows          int64  `json:"inputRows"`
	InvalidRows        int64  `json:"invalidRows"`
	OutputRows         int64  `json:"outputRows"`
	LateRows           int64  `json:"lateRows"`
	DroppedByWatermark int64  `json:"droppedByWatermark"`
	StateRows          int64  `json:"stateRows"`
	Watermark          string `json:"watermark,omitempty"`
	// Sources holds, per source with versioned offsets (a Delta table's
	// Change Data Feed), each batch's offsets and the resume position.
	Sources []SourceReport `json:"sources,omitempty"`
	// FinalOffsets is the last batch's end offsets as Spark reports them.
	FinalOffsets json.RawMessage `json:"finalOffsets,omitempty"`
	// DeltaVersion is the last Delta table version the query wrote.
	DeltaVersion *int64 `json:"deltaVersion,omitempty"`
	// ReplayedBatchID is the batch Spark re-ran from the offset log at
	// the start (logged, not committed by the previous run); nil when none.
	ReplayedBatchID *int64 `json:"replayedBatchId,omitempty"`
	// Gates counts the verdicts of each quality gate the query evaluates,
	// in the order first seen.
	Gates []GateReport `json:"gates,omitempty"`
	// Expectations sums the counts of each expectation the query
	// evaluates, in the order first seen.
	Expectations []ExpectationReport `json:"expectations,omitempty"`
}

// DriverReport is how a Spark run held its pipeline's checkpoints.
type DriverReport struct {
	// Lease is the lease file; Checkpoint the directory it covers.
	Lease      string `json:"lease"`
	Checkpoint string `json:"checkpoint"`
	// Session is the program's Spark Connect session.
	Session string `json:"session,omitempty"`
	// Orphan is the session of an earlier driver that died with its
	// queries possibly running, released before this run started.
	Orphan *OrphanReport `json:"orphan,omitempty"`
	// ReleasedAfterCrash: the program died without its end line and
	// etlgen released its session (stopping its queries) at once.
	ReleasedAfterCrash bool `json:"releasedAfterCrash,omitempty"`
}

// OrphanReport is an orphaned session a run released: the program's
// orphan line, as it printed it.
type OrphanReport = events.OrphanLine

// SourceReport is the offsets of one versioned source of a query.
type SourceReport struct {
	Source  string         `json:"source"`
	Batches []BatchOffsets `json:"batches"`
	// Resume is where the next run starts: the last committed end offset;
	// nil before the first commit (the source's starting position then).
	Resume json.RawMessage `json:"resumePosition,omitempty"`
}

// BatchOffsets is one batch's start and end offset of a source.
type BatchOffsets struct {
	BatchID int64           `json:"batchId"`
	Start   json.RawMessage `json:"startOffset"`
	End     json.RawMessage `json:"endOffset"`
}

// Failure classifies why a run failed.
type Failure struct {
	// Code is environment (a variable the profile names is not set),
	// connectivity, authentication, sink-permission, merge-conflict,
	// checkpoint-corruption, analysis-error, input-missing (local engine:
	// a listed input file is gone), failure, or crashed (the Spark program
	// died without saying why).
	Code      string `json:"code"`
	Retry     string `json:"retry"`
	Message   string `json:"message"`
	Exception string `json:"exception,omitempty"`
}

// query returns the report of the named query, adding it when missing.
func (r *Report) query(name string) *QueryReport {
	for i := range r.Queries {
		if r.Queries[i].Name == name {
			return &r.Queries[i]
		}
	}
	r.Queries = append(r.Queries, QueryReport{Name: name, Start: startFresh, LastBatchID: -1})
	return &r.Queries[len(r.Queries)-1]
}

// How a query or a run started (Report.Start, QueryReport.Start).
const (
	startFresh    = "fresh"
	startRecovery = "checkpoint-recovery"
)

// apply folds one lifecycle event into the report: the one place a
// report's queries, batches, start, status and failure come from, on both
// engines. (The engine sets the rest: the Spark program, its driver lease,
// the exit code.)
func (r *Report) apply(ev Event) {
	switch e := ev.(type) {
	case QueryStarted:
		q := r.query(e.Query)
		if !e.Fresh {
			q.Start, r.Start = startRecovery, startRecovery
		}
		q.ReplayedBatchID = e.Replay
	case BatchCompleted:
		r.add(e.Batch)
	case QueryFailed:
		r.Status = StateFailed
		r.Failure = &Failure{Code: e.Class, Retry: e.Retry}
		if e.Err != nil {
			r.Failure.Message = e.Err.Error()
		}
		var se *SparkError
		if errors.As(e.Err, &se) {
			r.Failure.Exception = se.Exception
		}
	case QueryTerminated:
		r.terminated(e)
	}
}

// statusRank orders the statuses a run's queries end with: the report's
// is the gravest.
var statusRank = map[string]int{StateRunning: 0, StateFinished: 1, StateStopped: 2, StateFailed: 3}

// terminated records how a query ended.
func (r *Report) terminated(e QueryTerminated) {
	if r.Status == StateRunning || statusRank[e.Status] > statusRank[r.Status] {
		r.Status = e.Status
	}
	q := r.query(e.Query)
	q.LastBatchID, q.StateRows = e.LastBatchID, e.StateRows
	if wm, ok := parseWatermark(q.Watermark); !e.Watermark.IsZero() && (!ok || !wm.Equal(e.Watermark)) {
		q.Watermark = e.Watermark.Format(time.RFC3339)
	}
	for _, res := range e.Resume {
		if IsDeltaOffset(res.Offset) {
			q.source(res.Source).Resume = res.Offset
		}
	}
}

// add counts one batch.
func (r *Report) add(b Batch) {
	if b.Host == "" {
		r.Batches++ // a hosted load's batch is its host's
	}
	q := r.query(b.Query)
	q.Batches++
	q.LastBatchID = b.BatchID
	q.InputRows += b.InputRows
	q.InvalidRows += b.InvalidRows
	q.OutputRows += b.OutputRows
	q.LateRows += b.LateRows
	q.DroppedByWatermark += b.DroppedByWatermark
	q.StateRows = b.StateRows
	if b.Watermark != "" {
		q.Watermark = b.Watermark
	}
	if !b.Skipped {
		r.Sinks[b.Query] += b.OutputRows
	}
	for _, o := range b.Offsets {
		s := q.source(o.Source)
		s.Batches = append(s.Batches, BatchOffsets{BatchID: b.BatchID, Start: o.Start, End: o.End})
	}
	if len(b.EndOffsets) > 0 && string(b.EndOffsets) != "null" {
		q.FinalOffsets = b.EndOffsets
	}
	if b.DeltaVersion != nil {
		q.DeltaVersion = b.DeltaVersion
	}
	r.Warnings = append(r.Warnings, b.Warnings...)
	q.addGates(b.Gates)
	q.addExpectations(b.Expectations)
}

// source returns the query's report of a versioned source, adding it.
func (q *QueryReport) source(name string) *SourceReport {
	for i := range q.Sources {
		if q.Sources[i].Source == name {
			return &q.Sources[i]
		}
	}
	q.Sources = append(q.Sources, SourceReport{Source: name, Batches: []BatchOffsets{}})
	return &q.Sources[len(q.Sources)-1]
}

// write stores the report as run-report.json in dir.
func (r *Report) write(dir string) error {
	for _, q := range r.Queries {
		if _, ok := r.Sinks[q.Name]; !ok {
			r.Sinks[q.Name] = 0
		}
	}
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("write run report: %w", err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("write run report: %w", err)
	}
	r.Path = filepath.Join(dir, "run-report.json")
	// Written aside and renamed: a reader (or a kill) never sees half.
	tmp := r.Path + ".tmp"
	if err := os.WriteFile(tmp, append(data, '\n'), 0o644); err != nil {
		return fmt.Errorf("write run report: %w", err)
	}
	if err := os.Rename(tmp, r.Path); err != nil {
		return fmt.Errorf("write run report: %w", err)
	}
	return nil
}
