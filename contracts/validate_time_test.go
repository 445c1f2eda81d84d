package contracts

import (
	"testing"
	"time"
)

func TestDaysSinceEpoch(t *testing.T) {
	for _, d := range []time.Time{
		time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(1, 3, 1, 0, 0, 0, 0, time.UTC),
		time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC), time.Date(1970, 1, 1, 0, 0, 0, 0, time.UTC),
		time.Date(2000, 2, 29, 0, 0, 0, 0, time.UTC), time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC),
		time.Date(9999, 12, 31, 0, 0, 0, 0, time.UTC),
	} {
		if got, want := daysSinceEpoch(d.Year(), int(d.Month()), d.Day())*86400, d.Unix(); got != want {
			t.Errorf("%s: %d, want %d", d.Format(time.DateOnly), got, want)
		}
	}
	for day := time.Date(1, 1, 1, 0, 0, 0, 0, time.UTC); day.Year() < 10000; day = day.AddDate(0, 0, 997) {
		if got := daysSinceEpoch(day.Year(), int(day.Month()), day.Day()) * 86400; got != day.Unix() {
			t.Fatalf("%s: %d, want %d", day.Format(time.DateOnly), got, day.Unix())
		}
	}
}
