package profile

import (
	"fmt"
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

// ParseDuration parses a positive duration in Go form ("30s", "1h30m") or
// Spark's spelled form ("30 seconds", "1 hour").
func ParseDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(s)
	if err != nil {
		m := spelledDuration.FindStringSubmatch(strings.ToLower(strings.TrimSpace(s)))
		if m == nil {
			return 0, fmt.Errorf("%q is not a duration", s)
		}
		n, _ := strconv.ParseInt(m[1], 10, 64)
		d = time.Duration(n) * spelledUnits[strings.TrimSuffix(m[2], "s")]
		if m[2] == "ms" {
			d = time.Duration(n) * time.Millisecond
		}
	}
	if d <= 0 {
		return 0, fmt.Errorf("duration %q is not positive", s)
	}
	return d, nil
}
