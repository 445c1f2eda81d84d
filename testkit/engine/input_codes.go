package engine

import (
	"fmt"
	"time"
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
