package clickstream_test

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	clickstream "github.com/etlgen/etlgen/examples/clickstream"
	"github.com/etlgen/etlgen/testkit"
)

// samplesProfile is profiles/local.yaml with its outputs in memory: the
// sample files one per micro-batch, the user dimension from its file.
const samplesProfile = `name: samples
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: CHECKPOINTS
assets:
  page_views: {plugin: file-json, path: testdata/events, max_files_per_trigger: 1}
  users: {plugin: file-json, path: testdata/users}
  user_sessions: {plugin: memory}
  rejected_page_views: {plugin: memory}
  late_page_views: {plugin: memory}
`

// TestSampleEvents runs the four sample files back to back, as `etlgen run`
// does, and checks what testdata/events/README.md says they produce.
func TestSampleEvents(t *testing.T) {
	prof := strings.ReplaceAll(samplesProfile, "CHECKPOINTS", strconv.Quote(t.TempDir()))
	rt := testkit.Start(t, clickstream.Pipeline, testkit.ProfileYAML(prof))
	rt.ProcessAllAvailable()
	var inputs []int
	var bots []string
	for _, p := range rt.Progress {
		if p.Query == "user_sessions" {
			inputs = append(inputs, p.InputRows)
			for _, e := range p.Expectations {
				bots = append(bots, fmt.Sprintf("%s=%d/%d(%s)", e.Name, e.Passed, e.Failed, e.Action))
			}
		}
	}
	// the de-duplicated views of each batch; batch 3's Googlebot view is dropped
	if want := []string{"not_a_bot=7/0(drop)", "not_a_bot=5/0(drop)", "not_a_bot=3/0(drop)", "not_a_bot=3/1(drop)", "not_a_bot=0/0(drop)"}; !slices.Equal(bots, want) {
		t.Errorf("expectation counts per batch = %q, want %q", bots, want)
	}
	if want := []int{9, 7, 5, 4, 0}; !slices.Equal(inputs, want) {
		t.Errorf("input rows per batch = %v, want %v (one file per batch, then a no-data batch)", inputs, want)
	}
	testkit.RowsEqual(t, sessions(rt), rows(sampleSessions()...))
	testkit.Count(t, rt.State("sessionize-page-views"), 2) // u-1002 from 11:40, u-1003 from 11:50

	late := testkit.Late[clickstream.LatePageView](rt, "late_page_views")
	if len(late) != 1 || late[0].Event.EventID != eventID(15) || !late[0].WatermarkAtArrival.Equal(at("09:30")) {
		t.Errorf("late page views = %+v, want view 15 at watermark 09:30", late)
	}
	var codes []string
	for _, r := range testkit.Quarantine[clickstream.RejectedPageView](rt, "rejected_page_views") {
		codes = append(codes, r.ReasonCode+" "+deref(r.FieldPath))
	}
	slices.Sort(codes)
	if want := []string{"BAD_FORMAT url", "MALFORMED_JSON ", "OUT_OF_RANGE time_on_page_ms"}; !slices.Equal(codes, want) {
		t.Errorf("rejections = %q, want %q", codes, want)
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}

// sampleSessions are the sessions testdata/events/README.md lists for the
// sample files run back to back.
func sampleSessions() []session {
	search, news, mail := "https://www.example.org/search?q=", "https://news.example.net/", "https://mail.example.com/"
	return []session{
		{user: "u-1001", start: "09:00", last: "09:12", pages: 3, distinct: 3, entry: "/", exit: "/cart", country: "DE", plan: "pro", entryReferrer: ptr(search + "shoes"), campaign: ptr("summer-sale")},
		{user: "u-1002", start: "09:10", last: "09:35", pages: 3, distinct: 3, entry: "/", exit: "/checkout", country: "US", plan: "free", entryReferrer: ptr(news)},
		{user: "u-1003", start: "09:30", last: "09:30", pages: 1, distinct: 1, entry: "/products/42", exit: "/products/42", country: "FR", plan: "enterprise", entryReferrer: ptr(search + "42")},
		{user: "u-1004", start: "09:40", last: "09:40", pages: 1, distinct: 1, entry: "/help", exit: "/help", country: "GB", plan: "free", entryReferrer: ptr(mail)},
		{user: "u-1001", start: "10:00", last: "10:25", pages: 3, distinct: 3, entry: "/", exit: "/cart", country: "DE", plan: "pro", entryReferrer: ptr(search + "boots")},
		{user: "u-1005", start: "10:20", last: "10:20", pages: 1, distinct: 1, entry: "/products/42", exit: "/products/42", country: "unknown", plan: "unknown", entryReferrer: ptr("https://ads.example.com/c/1"), device: "mobile", campaign: ptr("ads-42")},
		{user: "u-1004", start: "10:40", last: "10:45", pages: 2, distinct: 2, entry: "/", exit: "/products/42", country: "GB", plan: "free", device: "tablet"},
		{user: "u-1003", start: "11:00", last: "11:00", pages: 1, distinct: 1, entry: "/", exit: "/", country: "FR", plan: "enterprise"},
	}
}
