package profile

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

var spelledDuration = regexp.MustCompile(`^(\d+)\s*(milliseconds?|ms|seconds?|secs?|minutes?|mins?|hours?|days?)$`)

var spelledUnits = map[string]time.Duration{
	"ms": time.Millisecond, "millisecond": time.Millisecond,
	"sec": time.Second, "second": time.Second,
	"min": time.Minute, "minute": time.Minute,
	"hour": time.Hour, "day": 24 * time.Hour,
}

// The ways a duration can be wrong; the errors wrap one of them, so that
// messages can say what is wrong without quoting the value.
var (
	ErrNotDuration = errors.New("not a duration")
	ErrTooLong     = errors.New("longer than the longest duration, " + maxDuration.String())
	ErrNotPositive = errors.New("not positive")
	ErrNegative    = errors.New("negative")
)

// maxDuration is the longest time.Duration, ≈ 292 years.
const maxDuration = time.Duration(math.MaxInt64)

// ParseDuration parses a positive duration in Go form ("30s", "1h30m") or
// Spark's spelled form ("30 seconds", "1 hour"). A duration longer than
// the longest time.Duration is an error, never a wrapped value (Go's form
// checks that itself).
func ParseDuration(s string) (time.Duration, error) {
	d, err := parseAny(s)
	if err == nil && d <= 0 {
		return 0, fmt.Errorf("duration %q is %w", s, ErrNotPositive)
	}
	return d, err
}

// ParseInterval parses a trigger interval like ParseDuration, but zero is
// allowed: Spark's ProcessingTime(0) starts each micro-batch as soon as the
// previous one ends.
func ParseInterval(s string) (time.Duration, error) {
	d, err := parseAny(s)
	if err == nil && d < 0 {
		return 0, fmt.Errorf("interval %q is %w", s, ErrNegative)
	}
	return d, err
}

// parseAny parses a duration in Go or Spark's spelled form, of any sign.
func parseAny(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		return parseSpelled(s)
	}
	return d, nil
}

// parseSpelled parses "N unit" (Spark's spelled form) and reports a count
// that overflows time.Duration in its unit.
func parseSpelled(s string) (time.Duration, error) {
	m := spelledDuration.FindStringSubmatch(strings.ToLower(strings.TrimSpace(s)))
	if m == nil {
		return 0, fmt.Errorf("%q is %w", s, ErrNotDuration)
	}
	unit := spelledUnits[strings.TrimSuffix(m[2], "s")]
	if m[2] == "ms" {
		unit = time.Millisecond
	}
	n, err := strconv.ParseInt(m[1], 10, 64)
	if err != nil || n > int64(maxDuration/unit) {
		return 0, fmt.Errorf("duration %q is %w", s, ErrTooLong)
	}
	return time.Duration(n) * unit, nil
}
