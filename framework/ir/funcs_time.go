package ir

import (
	"strings"
	"time"
)

// The date and time functions (Spark 4.1 names; session time zone UTC, see
// docs/dsl.md "Date and time functions").
const (
	// FuncAddInterval is t + INTERVAL d: (timestamp, duration literal in Go
	// form, "15m0s"); a negative duration subtracts.
	FuncAddInterval   Func = "add_interval"
	FuncDateAdd       Func = "date_add"      // (date, int days)
	FuncDateDiff      Func = "datediff"      // (end date, start date): days
	FuncTimestampDiff Func = "timestampdiff" // (unit literal, start, end)
	FuncUnixSeconds   Func = "unix_seconds"  // floor of the epoch seconds
	FuncUnixMillis    Func = "unix_millis"   // floor of the epoch milliseconds
	FuncUnixMicros    Func = "unix_micros"   // epoch microseconds
	FuncTSSeconds     Func = "timestamp_seconds"
	FuncTSMillis      Func = "timestamp_millis"
	FuncTSMicros      Func = "timestamp_micros"
	FuncSecond        Func = "second"
	FuncDayOfWeek     Func = "dayofweek"  // 1 = Sunday … 7 = Saturday
	FuncDayOfYear     Func = "dayofyear"  // 1 … 366
	FuncWeekOfYear    Func = "weekofyear" // ISO 8601 week
	FuncQuarter       Func = "quarter"
	FuncLastDay       Func = "last_day"
	FuncDateFormat    Func = "date_format"      // (timestamp or date, pattern literal: DatePattern)
	FuncTryToTS       Func = "try_to_timestamp" // (string, pattern literal): NULL when the text does not match
)

// timeFuncs are the rows of the date and time functions.
var timeFuncs = []FuncInfo{
	scalar(FuncAddInterval, 2), scalar(FuncDateAdd, 2), scalar(FuncDateDiff, 2),
	scalar(FuncTimestampDiff, 3),
	scalar(FuncUnixSeconds, 1), scalar(FuncUnixMillis, 1), scalar(FuncUnixMicros, 1),
	scalar(FuncTSSeconds, 1), scalar(FuncTSMillis, 1), scalar(FuncTSMicros, 1),
	scalar(FuncSecond, 1), scalar(FuncDayOfWeek, 1), scalar(FuncDayOfYear, 1),
	scalar(FuncWeekOfYear, 1), scalar(FuncQuarter, 1), scalar(FuncLastDay, 1), scalar(FuncDateFormat, 2),
	{Func: FuncTryToTS, MinArgs: 2, MaxArgs: 2, Nulls: NullsInvalid},
}

// diffUnits are the timestampdiff units of a fixed length: the ones both
// engines compute alike (MONTH, QUARTER and YEAR are calendar units).
var diffUnits = map[string]time.Duration{
	"MICROSECOND": time.Microsecond, "MILLISECOND": time.Millisecond, "SECOND": time.Second,
	"MINUTE": time.Minute, "HOUR": time.Hour, "DAY": 24 * time.Hour, "WEEK": 7 * 24 * time.Hour,
}

// DiffUnit is the length of a fixed-length timestampdiff unit, by name in
// any case; false for another name.
func DiffUnit(name string) (time.Duration, bool) {
	d, ok := diffUnits[strings.ToUpper(name)]
	return d, ok
}
