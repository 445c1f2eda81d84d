package etl

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
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
	d, err := parseDuration(s)
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

// sparkUnits maps Spark interval units to their length.
var sparkUnits = map[string]time.Duration{
	"microsecond": time.Microsecond, "millisecond": time.Millisecond,
	"second": time.Second, "minute": time.Minute, "hour": time.Hour,
	"day": 24 * time.Hour, "week": 7 * 24 * time.Hour,
}

// parseDuration accepts Go durations and "N unit [N unit ...]" phrases. A
// term or a sum outside the range of time.Duration (≈ ±292 years) is an
// error, never a wrapped value (Go's form checks that itself).
func parseDuration(s string) (time.Duration, error) {
	t := strings.TrimSpace(s)
	if d, err := time.ParseDuration(t); err == nil {
		return d, nil
	}
	words := strings.Fields(strings.ToLower(t))
	if len(words) == 0 || len(words)%2 != 0 {
		return 0, fmt.Errorf("duration %q: want Go form like 15m or Spark form like \"15 minutes\"", s)
	}
	var total time.Duration
	for i := 0; i < len(words); i += 2 {
		term, err := sparkTerm(words[i], words[i+1])
		if err != nil {
			return 0, fmt.Errorf("duration %q: %w", s, err)
		}
		if (term > 0 && total > math.MaxInt64-term) || (term < 0 && total < math.MinInt64-term) {
			return 0, fmt.Errorf("duration %q: %w", s, errOverflow)
		}
		total += term
	}
	return total, nil
}

// errOverflow reports a span outside the range of time.Duration.
var errOverflow = errors.New("out of range: a span is at most ±2562047h47m16.854775807s (≈ 292 years)")

// sparkTerm returns the span of one "N unit" term.
func sparkTerm(count, unitWord string) (time.Duration, error) {
	unit, ok := sparkUnits[strings.TrimSuffix(unitWord, "s")]
	n, err := strconv.ParseInt(count, 10, 64)
	switch {
	case !ok || (err != nil && !errors.Is(err, strconv.ErrRange)):
		return 0, fmt.Errorf("bad term %q", count+" "+unitWord)
	case err != nil || n > math.MaxInt64/int64(unit) || n < math.MinInt64/int64(unit):
		return 0, errOverflow
	}
	return time.Duration(n) * unit, nil
}
