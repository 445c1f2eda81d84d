package ir

import (
	"math"
	"strings"
	"time"
)

// Parse reads text with the pattern as Spark's try_to_timestamp does
// (STRICT resolution, session time zone UTC); false where Spark gives
// NULL. The text must match the whole pattern: yyyy is exactly four ASCII
// digits, or a sign and more (a + only past four digits: +12024, -0100);
// MM dd HH mm ss are two digits of a valid date and time; SSS and SSSSSS
// take one to three or six digits; literal text matches itself. Missing
// fields default to 1970-01-01 00:00:00.
func (dp DatePattern) Parse(text string) (time.Time, bool) {
	f := dateFields{year: 1970, month: 1, day: 1}
	rest := text
	for i, p := range dp.parts {
		var ok bool
		if p.field == "" {
			rest, ok = strings.CutPrefix(rest, p.text)
		} else {
			rest, ok = f.read(p.field, rest, dp.reserved(i+1))
		}
		if !ok {
			return time.Time{}, false
		}
	}
	if rest != "" {
		return time.Time{}, false
	}
	return f.instant()
}

// reserved is the width the fixed-width fields from part i on take right
// after a field (Java's adjacent value parsing).
func (dp DatePattern) reserved(i int) int {
	n := 0
	for ; i < len(dp.parts) && len(dp.parts[i].field) == 2; i++ {
		n += 2
	}
	return n
}

// dateFields are the fields read so far.
type dateFields struct {
	year, month, day, hour, minute, second, nanos int
}

// read consumes one field from the start of s.
func (f *dateFields) read(field, s string, reserved int) (string, bool) {
	switch field {
	case "yyyy":
		return f.readYear(s, reserved)
	case "SSS", "SSSSSS":
		n := min(digitRun(s), len(field))
		if n == 0 {
			return s, false
		}
		v, _ := atoi(s[:n])
		f.nanos = v * int(math.Pow10(9-n))
		return s[n:], true
	}
	if len(s) < 2 || digitRun(s[:2]) != 2 {
		return s, false
	}
	v, _ := atoi(s[:2])
	switch field {
	case "MM":
		f.month = v
	case "dd":
		f.day = v
	case "HH":
		f.hour = v
	case "mm":
		f.minute = v
	default:
		f.second = v
	}
	return s[2:], true
}

// readYear reads yyyy: four digits, or a sign and digits (+ only past
// four), leaving the reserved width to the fields after it.
func (f *dateFields) readYear(s string, reserved int) (string, bool) {
	sign := 0
	switch {
	case strings.HasPrefix(s, "+"):
		sign, s = 1, s[1:]
	case strings.HasPrefix(s, "-"):
		sign, s = -1, s[1:]
	}
	n := digitRun(s) - reserved
	switch {
	case sign == 0 && n >= 4:
		n = 4
	case sign == 0, n < 4, n > 10, sign == 1 && n == 4:
		return s, false
	}
	v, _ := atoi(s[:n])
	if sign < 0 {
		v = -v
	}
	f.year = v
	return s[n:], true
}

// instant checks the fields (STRICT: no February 30, no hour 24) and
// returns their UTC instant; false outside Spark's microsecond range.
func (f dateFields) instant() (time.Time, bool) {
	if f.month < 1 || f.month > 12 || f.day < 1 || f.hour > 23 || f.minute > 59 || f.second > 59 {
		return time.Time{}, false
	}
	t := time.Date(f.year, time.Month(f.month), f.day, f.hour, f.minute, f.second, f.nanos, time.UTC)
	if t.Day() != f.day || t.Unix() > math.MaxInt64/1_000_000 || t.Unix() < math.MinInt64/1_000_000 {
		return time.Time{}, false
	}
	return t, true
}

// digitRun counts the ASCII digits s starts with.
func digitRun(s string) int {
	n := 0
	for n < len(s) && s[n] >= '0' && s[n] <= '9' {
		n++
	}
	return n
}

// atoi reads ASCII digits (at most ten: no overflow).
func atoi(s string) (int, bool) {
	v := 0
	for _, c := range []byte(s) {
		v = v*10 + int(c-'0')
	}
	return v, s != ""
}
