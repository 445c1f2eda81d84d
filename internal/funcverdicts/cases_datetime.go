package funcverdicts

import (
	"math"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
)

// dateT is the Go type of a date column.
type dateT = contracts.Date

// days are day counts for date_add: the int extremes wrap in Spark.
var days = []any{nil, int32(0), int32(1), int32(-1), int32(29), int32(366), int32(-719162), int32(2932896),
	int32(math.MaxInt32), int32(math.MinInt32)}

// epochs are epoch counts for timestamp_seconds, _millis and _micros.
var epochs = []any{nil, int64(0), int64(-1), int64(1), int64(1_700_000_000), int64(-62135596800), int64(253402300799),
	int64(253402300799999), int64(253402300799999999), int64(-62135596800000000)}

// datetimeCases are the date and time functions of issue 31 over the
// hostile timestamps and dates (leap days, year 1, the Julian-Gregorian
// switch, the last microsecond of 9999, DST instants elsewhere).
func datetimeCases() family {
	f := family{name: "datetime"}
	t, t2, d, d2 := typed[time.Time](T), typed[time.Time](T2), typed[dateT](DT), typed[dateT](DT2)
	for _, span := range []string{"1us", "-1us", "24h", "90m", "-1ms", "8760h"} {
		f.over("add_interval/"+span, etl.AddDuration(t, etl.ParseDuration(span)), T, Timestamps)
	}
	f.cross("date_add/dates", etl.DateAdd(d, typed[int32](I)), DT, Dates, I, days)
	f.over("date_add/timestamps", etl.DateAdd(t, etl.Lit(int32(1))), T, Timestamps)
	f.cross("datediff/dates", etl.DateDiff(d, d2), DT, Dates, DT2, Dates)
	f.cross("datediff/timestamps", etl.DateDiff(t, t2), T, Timestamps, T2, Timestamps)
	for _, unit := range []string{"MICROSECOND", "millisecond", "SECOND", "MINUTE", "HOUR", "DAY", "WEEK", "MONTH", "YEAR"} {
		f.cross("timestampdiff/"+unit, etl.TimestampDiff(unit, t, t2), T, Timestamps, T2, Timestamps)
	}
	f.over("unix_seconds/timestamps", etl.UnixSeconds(t), T, Timestamps)
	f.over("unix_millis/timestamps", etl.UnixMillis(t), T, Timestamps)
	f.over("unix_micros/timestamps", etl.UnixMicros(t), T, Timestamps)
	n := typed[int64](N)
	f.over("timestamp_seconds/epochs", etl.TimestampSeconds(n), N, epochs)
	f.over("timestamp_millis/epochs", etl.TimestampMillis(n), N, epochs)
	f.over("timestamp_micros/epochs", etl.TimestampMicros(n), N, withMore(epochs, Int64s...))
	f.over("second/timestamps", etl.Second(t), T, Timestamps)
	for _, p := range []struct {
		name string
		ts   func(etl.Typed[time.Time]) etl.Expr[int32]
		date func(etl.Typed[dateT]) etl.Expr[int32]
	}{{"dayofweek", etl.DayOfWeek[time.Time], etl.DayOfWeek[dateT]}, {"dayofyear", etl.DayOfYear[time.Time], etl.DayOfYear[dateT]},
		{"weekofyear", etl.WeekOfYear[time.Time], etl.WeekOfYear[dateT]}, {"quarter", etl.Quarter[time.Time], etl.Quarter[dateT]}} {
		f.over(p.name+"/timestamps", p.ts(t), T, Timestamps)
		f.over(p.name+"/dates", p.date(d), DT, withMore(Dates, weekDates...))
	}
	datePatterns(&f, t, d)
	parsePatterns(&f)
	f.over("last_day/timestamps", etl.LastDay(t), T, Timestamps)
	f.over("last_day/dates", etl.LastDay(d), DT, withMore(Dates, weekDates...))
	return f
}

// weekDates are the days around new year where ISO weeks and years part.
var weekDates = []any{date("2020-12-31"), date("2021-01-03"), date("2021-01-04"), date("2024-12-30"),
	date("2027-01-01"), date("2000-02-29"), date("2100-02-28"), date("1582-10-04"), date("1582-10-15")}

// withMore is a pool with more values (a new slice).
func withMore(pool []any, more ...any) []any { return append(append([]any(nil), pool...), more...) }

// datePatterns adds date_format with the patterns of the subset, a few it
// refuses, and the years beyond 1..9999 that Spark writes with a sign.
func datePatterns(f *family, t etl.Typed[time.Time], d etl.Typed[dateT]) {
	for _, p := range []string{"yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss.SSSSSS", "yyyyMMddHHmmss", "dd/MM/yyyy HH:mm:ss.SSS",
		"HH_mm,ss", "'day' dd", "", "yy", "EEE", "MMM", "yyyy-MM-dd T", "hh:mm a", "yyyy-MM-dd HH:mm:ss z", "YYYY-ww", "u"} {
		f.over("date_format/"+p, etl.DateFormat(t, p), T, Timestamps)
	}
	f.over("date_format/dates", etl.DateFormat(d, "yyyy-MM-dd HH:mm"), DT, withMore(Dates, weekDates...))
	f.over("date_format/after-9999", etl.DateFormat(etl.AddDuration(t, etl.ParseDuration("1us")), "yyyy-MM-dd HH:mm:ss.SSSSSS"), T, Timestamps)
	f.over("date_format/before-year-1", etl.DateFormat(etl.SubDuration(t, etl.ParseDuration("36600 days")), "yyyy-MM-dd"), T, Timestamps)
}

// timeTexts are texts for try_to_timestamp: valid and invalid dates and
// times, signed and five-digit years, the ends of Spark's microsecond
// range, fractions of every width, stray spaces, full-width digits.
var timeTexts = []any{nil, "", "2024-02-29", "2023-02-29", "2024-2-29", " 2024-02-29", "2024-02-29 ", "20240229", "202402291",
	"+12024-02-29", "12024-02-29", "+2024-02-29", "-0100-02-28", "0000-02-28", "0001-01-01", "1582-10-10", "9999-12-31",
	"2024-02-29 01:02:03", "2024-02-29 24:00:00", "2024-02-29 23:59:60", "2024-02-29 01:02:03.5", "2024-02-29 01:02:03.",
	"2024-02-29 01:02:03.123", "2024-02-29 01:02:03.123456", "2024-02-29 01:02:03.1234567", "9999-12-31 23:59:59.999999",
	"+294247-01-10 04:00:54", "-290308-12-21 19:59:06",
	"2024-02-29T01:02", "12:30", "2024", "\uff12\uff10\uff12\uff14-02-29", "20240229013000", "29/02/2024"}

// parsePatterns adds try_to_timestamp of the texts with patterns of the
// subset (and one it refuses).
func parsePatterns(f *family) {
	s := typed[string](S)
	for _, p := range []string{"yyyy-MM-dd", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ss.SSS", "yyyy-MM-dd HH:mm:ss.SSSSSS",
		"yyyyMMdd", "yyyyMMddHHmmss", "HH:mm", "yyyy-MM-dd'T'HH:mm", "dd/MM/yyyy", "yyyy", "", "yyyy-MMM-dd"} {
		f.over("try_to_timestamp/"+p, etl.TryToTimestamp(s, p), S, timeTexts)
	}
	f.over("try_to_timestamp/beyond-range", etl.TryToTimestamp(s, "yyyy-MM-dd HH:mm:ss"), S,
		[]any{"+294247-01-10 04:00:55", "-290308-12-21 19:59:05", "+1000000-01-01 00:00:00"})
}
