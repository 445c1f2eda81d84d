package ir

import "github.com/etlgen/etlgen/diag"

// Expectation kinds: what an expectation checks on each row.
const (
	// ExpectPredicate: the row meets the expectation when its Predicate is
	// true; false and NULL break it.
	ExpectPredicate = "predicate"
	// ExpectUnique: the row breaks the expectation when an earlier row of
	// the same micro-batch has the same Keys (the 2nd and later rows of a
	// key break it, the first meets it; NULL keys compare equal, as
	// Spark's grouping does).
	ExpectUnique = "unique"
)

// Expectation actions: what happens to a row that breaks an expectation.
const (
	// ExpectWarn keeps the row and counts it.
	ExpectWarn = "warn"
	// ExpectDrop drops the row from the stream and counts it.
	ExpectDrop = "drop"
	// ExpectFail fails the micro-batch at its first breaking row: nothing
	// of the batch commits, and the error names the expectation and shows
	// the row.
	ExpectFail = "fail"
	// ExpectQuarantine drops the row from the stream, counts it, and
	// routes it to the stream's quarantine port (PortQuarantine) with the
	// expectation's name as the reason.
	ExpectQuarantine = "quarantine"
)

// The reason columns a quarantined row carries after the stream's own
// columns (PortQuarantine).
const (
	// QuarantineExpectation is the name of the expectation the row broke
	// (a string): the first one with action quarantine, in declaration
	// order.
	QuarantineExpectation = "expectation"
	// QuarantinePipeline is the id of the pipeline (a string).
	QuarantinePipeline = "pipeline_id"
	// QuarantineObservedAt is the micro-batch's timestamp (a timestamp):
	// Spark's current_timestamp() in the batch, the batch's
	// batchTimestampMs on the local engine.
	QuarantineObservedAt = "observed_at"
)

// QuarantineStream is the stream whose quarantined rows port r
// (PortQuarantine) holds: an extract's valid rows or a step's output;
// ok is false when r is not a quarantine port. isExtract says which.
func QuarantineStream(r Ref, isExtract bool) (Ref, bool) {
	if r.Port != PortQuarantine {
		return Ref{}, false
	}
	if isExtract {
		return Ref{Node: r.Node, Port: PortValid}, true
	}
	return Ref{Node: r.Node, Port: PortOut}, true
}

// Expectation is a declared expectation of a pipeline (Lakeflow's expect,
// expect_or_drop, expect_or_fail): a named check of every row of one
// stream of the pipeline (an extract's valid rows or a step's output),
// evaluated in every micro-batch of every query that reads the stream, with
// the action taken on a row that breaks it. Every reader of the stream
// sees its rows after the expectation: a dropped row reaches no step and
// no load.
type Expectation struct {
	Name string `json:"name"`
	// On is the stream checked: an extract's valid port or a step's out.
	On   Ref    `json:"on"`
	Kind string `json:"kind"`
	// Predicate is the boolean expression over On's columns a row must
	// meet (kind predicate).
	Predicate *Expr `json:"predicate,omitempty"`
	// Keys are the columns of On that must be unique in a micro-batch
	// (kind unique).
	Keys   []string      `json:"keys,omitempty"`
	Action string        `json:"action"`
	Pos    diag.Position `json:"pos"`
}
