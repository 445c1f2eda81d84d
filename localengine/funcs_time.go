package localengine

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// timeFuncs evaluate the date and time functions as Spark 4.1 does with
// the session time zone UTC (docs/dsl.md "Date and time functions"). Go's
// calendar is the proleptic Gregorian one, as Spark's since 3.0.
var timeFuncs = map[ir.Func]scalarFn{
	ir.FuncAddInterval:   addInterval,
	ir.FuncDateAdd:       func(a []any) any { n, _ := asInt(a[1]); return dateOf(a[0]).add(n) },
	ir.FuncDateDiff:      func(a []any) any { return int32(dateOf(a[0]).days() - dateOf(a[1]).days()) },
	ir.FuncTimestampDiff: timestampDiff,
	ir.FuncUnixSeconds:   func(a []any) any { return floorDiv(a[0].(time.Time).UnixMicro(), 1_000_000) },
	ir.FuncUnixMillis:    func(a []any) any { return floorDiv(a[0].(time.Time).UnixMicro(), 1_000) },
	ir.FuncUnixMicros:    func(a []any) any { return a[0].(time.Time).UnixMicro() },
	ir.FuncTSSeconds:     fromEpoch(func(n int64) time.Time { return time.Unix(n, 0) }),
	ir.FuncTSMillis:      fromEpoch(time.UnixMilli),
	ir.FuncTSMicros:      fromEpoch(time.UnixMicro),
	ir.FuncSecond:        timePart(func(t time.Time) int { return t.UTC().Second() }),
	ir.FuncDayOfWeek:     datePart(func(t time.Time) int { return int(t.Weekday()) + 1 }),
	ir.FuncDayOfYear:     datePart(time.Time.YearDay),
	ir.FuncWeekOfYear:    datePart(func(t time.Time) int { _, w := t.ISOWeek(); return w }),
	ir.FuncQuarter:       datePart(func(t time.Time) int { return (int(t.Month())-1)/3 + 1 }),
	ir.FuncLastDay:       lastDay,
	ir.FuncDateFormat:    dateFormat,
	ir.FuncTryToTS:       tryToTimestamp,
}

// day is a calendar date at midnight UTC.
type day time.Time

// dateOf is the date of a date or of a timestamp (its UTC date).
func dateOf(v any) day {
	if d, ok := v.(contracts.Date); ok {
		return day(d.Time())
	}
	return day(contracts.DateOf(v.(time.Time).UTC()).Time())
}

// days counts the days since 1970-01-01 (negative before).
func (d day) days() int64 { return floorDiv(time.Time(d).Unix(), 86_400) }

// add is the date n days later, the day count an INT that wraps as
// Spark's date_add does (2024-01-01 + 2147483647 days is -5877587-06-21).
func (d day) add(n int64) contracts.Date {
	days := int32(d.days()) + int32(n)
	return contracts.DateOf(time.Unix(int64(days)*86_400, 0).UTC())
}

// datePart reads a part of the date of a date or timestamp.
func datePart(f func(time.Time) int) scalarFn {
	return func(a []any) any { return int32(f(time.Time(dateOf(a[0])))) }
}

// lastDay is the last day of the argument's month.
func lastDay(a []any) any {
	t := time.Time(dateOf(a[0]))
	return contracts.DateOf(time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC))
}

// addInterval adds a duration (its Go text, checked by package infer).
func addInterval(a []any) any {
	d, err := time.ParseDuration(a[1].(string))
	if err != nil {
		return nil
	}
	return a[0].(time.Time).Add(d)
}

// timestampDiff counts whole fixed-length units from start to end,
// truncated toward zero (ChronoUnit.between).
func timestampDiff(a []any) any {
	unit, ok := ir.DiffUnit(a[0].(string))
	if !ok {
		return nil // refused by package infer
	}
	return (a[2].(time.Time).UnixMicro() - a[1].(time.Time).UnixMicro()) / unit.Microseconds()
}

// fromEpoch is timestamp_seconds, _millis or _micros of an integer.
func fromEpoch(f func(int64) time.Time) scalarFn {
	return func(a []any) any {
		n, _ := asInt(a[0])
		return f(n).UTC()
	}
}

// dateFormat formats a date or timestamp with a pattern of the subset
// (checked by package infer).
func dateFormat(a []any) any {
	p, err := ir.ParseDatePattern(a[1].(string))
	if err != nil {
		return nil
	}
	if d, ok := a[0].(contracts.Date); ok {
		return p.Format(d.Time())
	}
	return p.Format(a[0].(time.Time))
}

// tryToTimestamp parses a text with a pattern of the subset; NULL when it
// does not match.
func tryToTimestamp(a []any) any {
	p, err := ir.ParseDatePattern(a[1].(string))
	if err != nil {
		return nil
	}
	if t, ok := p.Parse(a[0].(string)); ok {
		return t
	}
	return nil
}
