package etl

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// Temporal is a timestamp or a date: the date functions take either (a
// timestamp is read as its UTC date, Spark's session time zone).
type Temporal interface {
	time.Time | contracts.Date
}

// AddDuration is t + INTERVAL d: d microseconds later (a negative d is
// earlier). The session time zone is UTC, so a day is always 24 hours.
func AddDuration(t Typed[time.Time], d Duration) Expr[time.Time] {
	return call[time.Time](ir.FuncAddInterval, irOf(t), durationLit(d, false))
}

// SubDuration is t − INTERVAL d.
func SubDuration(t Typed[time.Time], d Duration) Expr[time.Time] {
	return call[time.Time](ir.FuncAddInterval, irOf(t), durationLit(d, true))
}

// durationLit is the duration argument of add_interval, in Go form; a bad
// span keeps its text, which inference reports (ETL-D210).
func durationLit(d Duration, negate bool) *ir.Expr {
	text := d.Std().String()
	switch {
	case d.Err() != nil:
		text = d.text
	case negate:
		text = (-d.Std()).String()
	}
	return Lit(text).e
}

// DateAdd is date_add(d, days): the date days later (earlier when days is
// negative).
func DateAdd[T Temporal](d Typed[T], days Typed[int32]) Expr[contracts.Date] {
	return call[contracts.Date](ir.FuncDateAdd, irOf(d), irOf(days))
}

// DateDiff is datediff(end, start): the days from start to end (negative
// when end is earlier), on dates.
func DateDiff[A, B Temporal](end Typed[A], start Typed[B]) Expr[int32] {
	return call[int32](ir.FuncDateDiff, irOf(end), irOf(start))
}

// TimestampDiff is timestampdiff(unit, start, end) as a BIGINT: the whole
// units from start to end, truncated toward zero. unit is one of
// MICROSECOND, MILLISECOND, SECOND, MINUTE, HOUR, DAY, WEEK (the calendar
// units MONTH, QUARTER and YEAR are refused, ETL-D229).
func TimestampDiff(unit string, start, end Typed[time.Time]) Expr[int64] {
	return call[int64](ir.FuncTimestampDiff, Lit(unit).e, irOf(start), irOf(end))
}

// UnixSeconds is unix_seconds(t): the seconds since 1970-01-01T00:00:00Z,
// rounded down (−0.5 s gives −1).
func UnixSeconds(t Typed[time.Time]) Expr[int64] { return call[int64](ir.FuncUnixSeconds, irOf(t)) }

// UnixMillis is unix_millis(t): milliseconds since the epoch, rounded down.
func UnixMillis(t Typed[time.Time]) Expr[int64] { return call[int64](ir.FuncUnixMillis, irOf(t)) }

// UnixMicros is unix_micros(t): microseconds since the epoch.
func UnixMicros(t Typed[time.Time]) Expr[int64] { return call[int64](ir.FuncUnixMicros, irOf(t)) }

// TimestampSeconds is timestamp_seconds(n): the instant n seconds after
// the epoch.
func TimestampSeconds(n Typed[int64]) Expr[time.Time] {
	return call[time.Time](ir.FuncTSSeconds, irOf(n))
}

// TimestampMillis is timestamp_millis(n).
func TimestampMillis(n Typed[int64]) Expr[time.Time] {
	return call[time.Time](ir.FuncTSMillis, irOf(n))
}

// TimestampMicros is timestamp_micros(n).
func TimestampMicros(n Typed[int64]) Expr[time.Time] {
	return call[time.Time](ir.FuncTSMicros, irOf(n))
}

// Second is second(t), 0 to 59 (the fraction dropped).
func Second(t Typed[time.Time]) Expr[int32] { return call[int32](ir.FuncSecond, irOf(t)) }

// DayOfWeek is dayofweek(d): 1 for Sunday to 7 for Saturday.
func DayOfWeek[T Temporal](d Typed[T]) Expr[int32] { return call[int32](ir.FuncDayOfWeek, irOf(d)) }

// DayOfYear is dayofyear(d), 1 to 366.
func DayOfYear[T Temporal](d Typed[T]) Expr[int32] { return call[int32](ir.FuncDayOfYear, irOf(d)) }

// WeekOfYear is weekofyear(d): the ISO 8601 week, 1 to 53 (weeks start on
// Monday; 2021-01-03 is in week 53 of 2020).
func WeekOfYear[T Temporal](d Typed[T]) Expr[int32] {
	return call[int32](ir.FuncWeekOfYear, irOf(d))
}

// Quarter is quarter(d), 1 to 4.
func Quarter[T Temporal](d Typed[T]) Expr[int32] { return call[int32](ir.FuncQuarter, irOf(d)) }

// LastDay is last_day(d): the last day of d's month.
func LastDay[T Temporal](d Typed[T]) Expr[contracts.Date] {
	return call[contracts.Date](ir.FuncLastDay, irOf(d))
}

// DateFormat is date_format(t, pattern) for a pattern of the subset both
// engines format alike: yyyy MM dd HH mm ss SSS SSSSSS, the separators
// - : / . , _ and space, and quoted text ('T'); another pattern is refused
// (ETL-D229). yyyy is the proleptic year: 0000, -0100, +10000 beyond 9999.
func DateFormat[T Temporal](t Typed[T], pattern string) Expr[string] {
	return call[string](ir.FuncDateFormat, irOf(t), Lit(pattern).e)
}

// TryToTimestamp is try_to_timestamp(s, pattern): the instant s spells in
// the pattern (UTC), NULL when s does not match it exactly (a February 30,
// an hour 24, a space too many, non-ASCII digits). The pattern is in
// DateFormat's subset; yyyy reads four digits, or a sign and more (+12024,
// -0100); SSS and SSSSSS read one to three or six digits; missing fields
// are 1970-01-01 00:00:00. (to_timestamp, which fails the query on such a
// text under ANSI mode, is not offered.)
func TryToTimestamp(s Typed[string], pattern string) Expr[time.Time] {
	return call[time.Time](ir.FuncTryToTS, irOf(s), Lit(pattern).e)
}
