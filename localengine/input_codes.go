package localengine

import (
	"fmt"
	"time"

	"github.com/etlgen/etlgen/diag"
)

// The codes of what reading a source's input can run into at run time
// (docs/diagnostics.md, "Run-time input").
const (
	// CodeFileMissing: a file a batch listed is gone when the batch reads
	// it (an error, or with ignore_missing_files a warning: skipped).
	CodeFileMissing = "ETL-E740"
	// CodeFileChanged: a file changed between the batch's listing and the
	// end of its read (a warning: what was not read is never read).
	CodeFileChanged = "ETL-E741"
)

// Warning is something a batch noticed and went on: a code and a sentence.
type Warning struct {
	Code string
	Text string
}

// InputError is a batch that cannot read its input, with the code that
// says why (CodeFileMissing) and the path concerned.
type InputError struct {
	Code string
	Path string
	Err  error
}

// Error renders the error with its code first.
func (e *InputError) Error() string {
	return fmt.Sprintf("%s: read %s: %v (restore the file, or set ignore_missing_files: true on the asset to skip it)", e.Code, e.Path, e.Err)
}

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// fmtNanos renders Unix nanoseconds as an RFC 3339 UTC time.
func fmtNanos(ns int64) string { return time.Unix(0, ns).UTC().Format(time.RFC3339Nano) }

// StaticRowMarker starts the message of a batch failed by an invalid row
// of a static table, on both engines (the Spark program raises it from the
// static side's plan, etlgen_runtime.static_valid).
const StaticRowMarker = "[ETLGEN_INVALID_STATIC_ROW]"

// StaticRowError is a batch failed because the static side of a join holds
// rows that break its contract: a static table is validated at every
// micro-batch, as it is read, and a row that breaks the contract is never
// dropped silently.
type StaticRowError struct {
	Asset, Contract string
	// Rows counts the invalid rows; ReasonCode, FieldPath and Reason are
	// the first one's verdict.
	Rows                          int
	ReasonCode, FieldPath, Reason string
}

// Error renders the error the way the Spark program raises it.
func (e *StaticRowError) Error() string {
	return fmt.Sprintf("%s static table %s has a row that breaks contract %s: %s at %q: %s (%s in this batch)",
		StaticRowMarker, e.Asset, e.Contract, e.ReasonCode, e.FieldPath, e.Reason, diag.Count(e.Rows, "such row", "such rows"))
}

// staticRowError describes the invalid rows of static source asset, nil
// when it has none.
func staticRowError(asset, contract string, invalid []Row) error {
	if len(invalid) == 0 {
		return nil
	}
	r := invalid[0]
	text := func(i int) string {
		if s, ok := r[i].(string); ok {
			return s
		}
		return ""
	}
	return &StaticRowError{Asset: asset, Contract: contract, Rows: len(invalid), ReasonCode: text(1), Reason: text(2), FieldPath: text(3)}
}
