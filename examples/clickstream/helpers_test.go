package clickstream_test

import (
	"cmp"
	"fmt"
	"time"

	clickstream "github.com/etlgen/etlgen/examples/clickstream"
)

// day is the sample day; times in the tests are its UTC clock times.
const day = "2026-07-15T"

func at(clock string) time.Time {
	if len(clock) == len("10:00") {
		clock += ":00"
	}
	t, err := time.Parse(time.RFC3339, day+clock+"Z")
	if err != nil {
		panic(err)
	}
	return t
}

// eventID is page view n's id, a UUID as the contract requires.
func eventID(n int) string { return fmt.Sprintf("5a1f0c00-0000-4000-8000-%012d", n) }

func ptr[T any](v T) *T { return &v }

// view is page view n of user at clock time, of path on the shop.
func view(n int, user, clock, path string) clickstream.PageView {
	return clickstream.PageView{EventID: eventID(n), UserID: user, URL: "https://shop.example.com" + path, EventTime: at(clock)}
}

// users are the dimension rows the tests join.
var users = []clickstream.User{
	{UserID: "u-1001", Country: "DE", Plan: "pro"},
	{UserID: "u-1002", Country: "US", Plan: "free"},
}

// session is the summary of a session of user from start to the last view
// at last (its end is last + 30 min), with its counts, entry and exit paths.
type session struct {
	user, start, last string
	pages, distinct   int64
	entry, exit       string
	country, plan     string
	entryReferrer     *string
	device            string // "desktop" when empty
	campaign          *string
}

func (s session) row() clickstream.SessionSummary {
	return clickstream.SessionSummary{UserID: s.user, SessionStart: at(s.start), SessionEnd: at(s.last).Add(30 * time.Minute),
		PageCount: s.pages, DistinctPages: s.distinct,
		EntryPage: ptr("https://shop.example.com" + s.entry), ExitPage: ptr("https://shop.example.com" + s.exit),
		EntryReferrer: s.entryReferrer, LastViewAt: at(s.last), Country: ptr(s.country), Plan: ptr(s.plan),
		EntryHost: ptr("shop.example.com"), Device: ptr(cmp.Or(s.device, "desktop")), EntryCampaign: s.campaign,
		DurationSeconds: int64(at(s.last).Sub(at(s.start)) / time.Second)}
}

func rows(ss ...session) []clickstream.SessionSummary {
	out := make([]clickstream.SessionSummary, len(ss))
	for i, s := range ss {
		out[i] = s.row()
	}
	return out
}
