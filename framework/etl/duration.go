package etl

import (
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// Duration is a parameter or DSL time span. It is either unset (the zero
// value: a parameter then takes its default), a valid span, or text that did
// not parse; a bad span is reported as a diagnostic on the node that uses it,
// never as a panic.
type Duration struct {
	d    time.Duration
	text string
	set  bool
	err  error
}

// DurationOf returns the span d.
func DurationOf(d time.Duration) Duration { return Duration{d: d, set: true} }

// ParseDuration reads a span in Go form ("15m", "1h30m") or Spark form
// ("15 minutes", "1 hour", "2 days"). It never fails: a bad text yields a
// Duration whose Err is set.
func ParseDuration(s string) Duration {
	d, err := ir.ParseSpan(s)
	return Duration{d: d, text: s, set: true, err: err}
}

// Std returns the span as a time.Duration (0 when unset or invalid).
func (d Duration) Std() time.Duration { return d.d }

// IsSet reports whether the span was given (even as zero).
func (d Duration) IsSet() bool { return d.set }

// Err returns the parse error of a Duration made by ParseDuration.
func (d Duration) Err() error { return d.err }

// String renders the span in canonical Go form, e.g. "15m0s", or the
// original text when it did not parse.
func (d Duration) String() string {
	if d.err != nil {
		return d.text
	}
	return d.d.String()
}
