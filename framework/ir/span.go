package ir

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// ParseSpan reads a time span in Go form ("15m", "1h30m") or Spark form
// ("15 minutes", "1 hour", "2 days"): the grammar of a duration parameter's
// default and of etl.ParseDuration. A term or a sum outside the range of
// time.Duration (≈ ±292 years) is an error, never a wrapped value (Go's
// form checks that itself).
func ParseSpan(s string) (time.Duration, error) {
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

// sparkUnits maps Spark interval units to their length.
var sparkUnits = map[string]time.Duration{
	"microsecond": time.Microsecond, "millisecond": time.Millisecond,
	"second": time.Second, "minute": time.Minute, "hour": time.Hour,
	"day": 24 * time.Hour, "week": 7 * 24 * time.Hour,
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
