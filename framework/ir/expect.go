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
)

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
