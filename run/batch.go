package run

import "encoding/json"

// Batch is one micro-batch of one query, as either engine reports it.
type Batch struct {
	Pipeline string
	Query    string
	// Host is, for a load that another query's micro-batches write
	// (multi-sink, planner.Query.Host), that query: the batch is the
	// host's, and wrote OutputRows to this load's sink too; "" for a query
	// of its own.
	Host    string `json:",omitempty"`
	BatchID int64
	// InputRows are the rows the batch read; InvalidRows those of them that
	// broke their contract (counted by the local engine only).
	InputRows   int64
	InvalidRows int64
	// OutputRows are the rows written to the query's sink, LateRows those
	// written to its late outputs.
	OutputRows         int64
	LateRows           int64
	DroppedByWatermark int64
	StateRows          int64
	RowsPerSecond      float64
	// LateWatermark is the event-time watermark the batch judged late rows
	// against: the previous batch's Watermark (Spark's
	// eventTimeWatermarkForLateEvents). Watermark is the batch's own (Spark's
	// eventTime.watermark), set from the event times read up to the
	// previous batch: it evicts state and emits windows by it. Both RFC 3339;
	// "" when the query has none (yet).
	LateWatermark string
	Watermark     string
	// Skipped: the sink had written this batch already (a replay changed
	// nothing); Replay: the batch re-ran from the checkpoint's offsets.
	Skipped, Replay bool
	// Offsets are the batch's start and end offsets of its versioned
	// sources (a Delta Change Data Feed), as JSON.
	Offsets []SourceOffsets
	// EndOffsets are the batch's end offsets as Spark reports them (of its
	// first source), DeltaVersion the Delta table version it wrote: Spark
	// engine only.
	EndOffsets   json.RawMessage
	DeltaVersion *int64
	// Warnings are what reading the batch's input noticed and went on
	// from (local engine: ETL-E740, ETL-E741); each also goes to
	// Options.OnNotice.
	Warnings []Notice
	// Gates are the verdicts of the query's quality gates over the batch,
	// in declaration order; a breached gate with action warn is also in
	// Warnings (ETL-E750).
	Gates []GateVerdict `json:",omitempty"`
	// Expectations are the counts of the query's expectations over the
	// batch, in declaration order; rows breaking one with action warn are
	// also in Warnings (ETL-E751).
	Expectations []ExpectationCounts `json:",omitempty"`
}

// SourceOffsets is one source's offsets in a batch.
type SourceOffsets struct {
	Source     string
	Start, End json.RawMessage
}

// Notice is something a run wants its user to know that is not a batch:
// a warning (an ignored starting position, an input file that changed
// while it was read), a retry, a restart, or a stop (a signal arrived; a
// batch was abandoned). Stop notices may come from another goroutine than
// the batches.
type Notice struct {
	Kind string // warning, retry, restart, stop
	// Code is the stable code of a warning that has one (ETL-E740,
	// ETL-E741: docs/diagnostics.md), "" otherwise.
	Code string `json:",omitempty"`
	Text string
}
