package profile

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"time"
)

// TestParseDurationOverflow: for every spelled unit and spelling, the
// largest count that fits time.Duration parses exactly and the next one is
// an error; the reproducers of issue 14 ("18446744074 seconds" parsed to
// 290ms) are errors, and so are Go-form overflows.
func TestParseDurationOverflow(t *testing.T) {
	units := map[string]time.Duration{"ms": time.Millisecond, "millisecond": time.Millisecond, "milliseconds": time.Millisecond,
		"sec": time.Second, "secs": time.Second, "second": time.Second, "seconds": time.Second,
		"min": time.Minute, "mins": time.Minute, "minute": time.Minute, "minutes": time.Minute,
		"hour": time.Hour, "hours": time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour}
	for word, unit := range units {
		largest := int64(math.MaxInt64) / int64(unit)
		in := fmt.Sprintf("%d %s", largest, word)
		if got, err := ParseDuration(in); err != nil || got != time.Duration(largest)*unit {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v", in, got, err, time.Duration(largest)*unit)
		}
		for _, bad := range []string{fmt.Sprintf("%d %s", largest+1, word), "99999999999999999999 " + word} {
			if got, err := ParseDuration(bad); err == nil || !strings.Contains(err.Error(), "longer than the longest") {
				t.Errorf("ParseDuration(%q) = %v, %v; want an overflow error", bad, got, err)
			}
		}
	}
	for _, bad := range []string{"18446744074 seconds", "2562048h", "9223372037s"} {
		if got, err := ParseDuration(bad); err == nil {
			t.Errorf("ParseDuration(%q) = %v, want an error", bad, got)
		}
	}
	if got, err := ParseDuration(time.Duration(math.MaxInt64).String()); err != nil || got != time.Duration(math.MaxInt64) {
		t.Errorf("ParseDuration(%q) = %v, %v", time.Duration(math.MaxInt64), got, err)
	}
}

// TestDurationOverflowDiagnostic: an overflowing duration in a profile is
// ETL-P306 at the value.
func TestDurationOverflowDiagnostic(t *testing.T) {
	src := "name: t\nengine: local\ntest: true\nexecution:\n  checkpoint_root: ck\n  stop_timeout: 18446744074 seconds\n"
	_, diags := Parse("t.yaml", []byte(src))
	if len(diags) != 1 || diags[0].Code != CodeBadDuration || diags[0].Pos.Line != 6 || diags[0].Pos.Column != 17 {
		t.Fatalf("want one %s at 6:17, got:\n%s", CodeBadDuration, render(diags))
	}
}
