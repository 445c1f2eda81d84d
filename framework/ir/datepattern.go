package ir

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// DatePattern is a date_format pattern in the subset both engines format
// alike: the fields yyyy MM dd HH mm ss SSS SSSSSS, the separators
// - : / . , _ and space, and quoted text ('T'). Spark's other letters
// (names of days and months, time zones, week-based years, am/pm) are
// refused: their text depends on the JVM's locale data.
type DatePattern struct {
	parts []datePart
}

// datePart is a field of a pattern or literal text.
type datePart struct {
	field string // "" for text
	text  string
}

// PatternError says where a date pattern leaves the subset.
type PatternError struct {
	// Offset is the byte offset of the problem in the pattern.
	Offset int
	// Problem says what is wrong there.
	Problem string
}

// Error is the offset and the problem.
func (e *PatternError) Error() string { return fmt.Sprintf("at offset %d: %s", e.Offset, e.Problem) }

// datePatternFields are the fields of the subset.
var datePatternFields = []string{"yyyy", "MM", "dd", "HH", "mm", "ss", "SSSSSS", "SSS"}

// DatePatternHint lists the subset, for diagnostics.
const DatePatternHint = "use yyyy MM dd HH mm ss SSS SSSSSS, the separators - : / . , _ and space, and quoted text such as 'T'"

// ParseDatePattern reads a pattern of the subset.
func ParseDatePattern(p string) (DatePattern, *PatternError) {
	var dp DatePattern
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\'':
			end := strings.IndexByte(p[i+1:], '\'')
			if end <= 0 {
				return DatePattern{}, &PatternError{i, "an unclosed or empty quote"}
			}
			dp.parts = append(dp.parts, datePart{text: p[i+1 : i+1+end]})
			i += end + 2
		case strings.IndexByte("-:/.,_ ", c) >= 0:
			dp.parts = append(dp.parts, datePart{text: string(c)})
			i++
		default:
			f := dateField(p[i:])
			if f == "" {
				return DatePattern{}, &PatternError{i, fmt.Sprintf("%q is not in the pattern subset", letterRun(p[i:]))}
			}
			dp.parts = append(dp.parts, datePart{field: f})
			i += len(f)
		}
	}
	return dp, nil
}

// dateField is the field p starts with, if its letter run is exactly one.
func dateField(p string) string {
	run := letterRun(p)
	for _, f := range datePatternFields {
		if run == f {
			return f
		}
	}
	return ""
}

// letterRun is the run of one repeated character p starts with.
func letterRun(p string) string {
	n := 1
	for n < len(p) && p[n] == p[0] {
		n++
	}
	return p[:n]
}

// Format writes t (in UTC) as Spark's date_format does: the proleptic
// year with four digits at least, a sign before a negative year and
// before one past 9999 (+10000, -0100).
func (dp DatePattern) Format(t time.Time) string {
	t = t.UTC()
	var b strings.Builder
	for _, p := range dp.parts {
		if p.field == "" {
			b.WriteString(p.text)
			continue
		}
		b.WriteString(formatField(p.field, t))
	}
	return b.String()
}

func formatField(f string, t time.Time) string {
	two := func(n int) string { return fmt.Sprintf("%02d", n) }
	switch f {
	case "yyyy":
		return sparkYear(t.Year())
	case "MM":
		return two(int(t.Month()))
	case "dd":
		return two(t.Day())
	case "HH":
		return two(t.Hour())
	case "mm":
		return two(t.Minute())
	case "ss":
		return two(t.Second())
	case "SSS":
		return fmt.Sprintf("%03d", t.Nanosecond()/1e6)
	}
	return fmt.Sprintf("%06d", t.Nanosecond()/1e3)
}

// sparkYear writes a year as Spark's yyyy: 0001, 0000, -0100, +10000.
func sparkYear(y int) string {
	switch {
	case y > 9999:
		return "+" + strconv.Itoa(y)
	case y < 0:
		return fmt.Sprintf("-%04d", -y)
	}
	return fmt.Sprintf("%04d", y)
}
