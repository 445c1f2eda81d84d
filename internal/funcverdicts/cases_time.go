package funcverdicts

import (
	"time"

	"github.com/etlgen/etlgen/framework/etl"
)

// dateTruncUnits are the units of date_trunc Spark names, in its
// spellings, and two it does not know.
var dateTruncUnits = []string{"year", "yyyy", "yy", "quarter", "month", "mon", "mm", "week", "day", "dd",
	"hour", "minute", "second", "millisecond", "microsecond", "YEAR", "Day", "fortnight", ""}

// timeCases are the date and time functions over the hostile timestamps.
func timeCases() family {
	f := family{name: "time"}
	t := typed[time.Time](T)
	for _, unit := range dateTruncUnits {
		f.over("date_trunc/"+unit, etl.DateTrunc(unit, t), T, Timestamps)
	}
	f.over("to_date/timestamps", etl.ToDate(t), T, Timestamps)
	f.over("year/timestamps", etl.Year(t), T, Timestamps)
	f.over("month/timestamps", etl.Month(t), T, Timestamps)
	f.over("dayofmonth/timestamps", etl.DayOfMonth(t), T, Timestamps)
	f.over("hour/timestamps", etl.Hour(t), T, Timestamps)
	f.over("minute/timestamps", etl.Minute(t), T, Timestamps)
	f.over("window_time/timestamps", etl.WindowTime(t), T, Timestamps)
	return f
}
