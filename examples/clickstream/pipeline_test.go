package clickstream_test

import (
	"encoding/base64"
	"strings"
	"testing"

	clickstream "github.com/etlgen/etlgen/examples/clickstream"
	"github.com/etlgen/etlgen/testkit"
)

func sessions(rt *testkit.Runtime) []clickstream.SessionSummary {
	return testkit.Table[clickstream.SessionSummary](rt, "user_sessions").Rows()
}

// start runs the pipeline on memory streams, with the test's users in the
// static dimension.
func start(t *testing.T, opts ...testkit.Option) *testkit.Runtime {
	t.Helper()
	rt := testkit.Start(t, clickstream.Pipeline, opts...)
	testkit.AddEvents(rt, "users", users...)
	return rt
}

// TestDedupWithinWatermark: a tracker retry (the same event_id) in the same
// micro-batch and one in a later batch, within the watermark delay, count
// once in the session.
func TestDedupWithinWatermark(t *testing.T) {
	rt := start(t)
	first, second := view(1, "u-1001", "10:00", "/"), view(2, "u-1001", "10:05", "/products/42")
	testkit.AddEvents(rt, "page_views", first, second, second)
	rt.ProcessAllAvailable()
	retry := first
	retry.URL = "https://shop.example.com/retried" // a retry is dropped whatever it carries
	testkit.AddEvents(rt, "page_views", retry, view(3, "u-1001", "10:12", "/cart"))
	rt.ProcessAllAvailable()
	rt.AdvanceWatermark(at("11:00"))
	rt.ProcessAllAvailable()
	testkit.RowsEqual(t, sessions(rt), rows(
		session{user: "u-1001", start: "10:00", last: "10:12", pages: 3, distinct: 3, entry: "/", exit: "/cart", country: "DE", plan: "pro"}))
	testkit.Empty(t, testkit.Late[clickstream.LatePageView](rt, "late_page_views"))
}

// TestStaticJoinEnrichesSessions: sessions carry the country and plan of
// the user dimension, "unknown" for a user it lacks; the dimension is read
// at every micro-batch, so a row added later enriches the views after it,
// and a session takes the values of its last view.
func TestStaticJoinEnrichesSessions(t *testing.T) {
	rt := start(t)
	testkit.AddEvents(rt, "page_views", view(1, "u-1001", "10:00", "/"), view(2, "u-1002", "10:01", "/"),
		view(3, "u-1009", "10:02", "/"))
	rt.ProcessAllAvailable()
	testkit.AddEvents(rt, "users", clickstream.User{UserID: "u-1009", Country: "NL", Plan: "enterprise"})
	testkit.AddEvents(rt, "page_views", view(4, "u-1009", "10:07", "/products/7"))
	rt.ProcessAllAvailable()
	rt.AdvanceWatermark(at("11:00"))
	rt.ProcessAllAvailable()
	testkit.RowsEqual(t, sessions(rt), rows(
		session{user: "u-1001", start: "10:00", last: "10:00", pages: 1, distinct: 1, entry: "/", exit: "/", country: "DE", plan: "pro"},
		session{user: "u-1002", start: "10:01", last: "10:01", pages: 1, distinct: 1, entry: "/", exit: "/", country: "US", plan: "free"},
		session{user: "u-1009", start: "10:02", last: "10:07", pages: 2, distinct: 2, entry: "/", exit: "/products/7", country: "NL", plan: "enterprise"}))
}

// TestSessionGap: views more than 30 minutes apart are two sessions; a
// later view in between (within the watermark) merges them into one.
func TestSessionGap(t *testing.T) {
	tests := []struct {
		name   string
		bridge bool
		want   []session
	}{
		{"a gap of 35 minutes splits", false, []session{
			{user: "u-1001", start: "10:00", last: "10:00", pages: 1, distinct: 1, entry: "/", exit: "/", country: "DE", plan: "pro"},
			{user: "u-1001", start: "10:35", last: "10:35", pages: 1, distinct: 1, entry: "/cart", exit: "/cart", country: "DE", plan: "pro"},
		}},
		{"a view at 10:28 merges", true, []session{
			{user: "u-1001", start: "10:00", last: "10:35", pages: 3, distinct: 3, entry: "/", exit: "/cart", country: "DE", plan: "pro"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := start(t)
			testkit.AddEvents(rt, "page_views", view(1, "u-1001", "10:00", "/"), view(2, "u-1001", "10:35", "/cart"))
			rt.ProcessAllAvailable()
			testkit.Count(t, rt.State("sessionize-page-views"), 2) // two open sessions
			if tt.bridge {
				// the watermark is 10:25: the view is on time and closes the gap
				testkit.AddEvents(rt, "page_views", view(3, "u-1001", "10:28", "/products/42"))
				rt.ProcessAllAvailable()
			}
			rt.AdvanceWatermark(at("12:00"))
			rt.ProcessAllAvailable()
			testkit.RowsEqual(t, sessions(rt), rows(tt.want...))
			testkit.Empty(t, rt.State("sessionize-page-views"))
		})
	}
}

// TestLateViewRouted: a view behind the watermark of the de-duplication
// goes to late_page_views with the watermark at its arrival; it neither
// joins nor opens a session.
func TestLateViewRouted(t *testing.T) {
	rt := start(t)
	testkit.AddEvents(rt, "page_views", view(1, "u-1001", "10:40", "/"))
	rt.ProcessAllAvailable() // the watermark is 10:30 after this batch
	late := view(2, "u-1001", "10:15", "/products/7")
	testkit.AddEvents(rt, "page_views", late)
	rt.ProcessAllAvailable()
	rt.AdvanceWatermark(at("12:00"))
	rt.ProcessAllAvailable()
	testkit.RowsEqual(t, testkit.Late[clickstream.LatePageView](rt, "late_page_views"), []clickstream.LatePageView{
		{Event: late, WatermarkAtArrival: at("10:30"), ReasonCode: "BEHIND_WATERMARK"}})
	testkit.RowsEqual(t, sessions(rt), rows(
		session{user: "u-1001", start: "10:40", last: "10:40", pages: 1, distinct: 1, entry: "/", exit: "/", country: "DE", plan: "pro"}))
}

// TestMalformedViewQuarantined: payloads that break the contract keep their
// raw bytes, reason code and field path; the valid view next to them
// makes its session.
func TestMalformedViewQuarantined(t *testing.T) {
	rt := start(t, testkit.ProcessingTime(at("12:05")))
	badURL := []byte(`{"event_id":"` + eventID(1) + `","user_id":"u-1001","url":"shop/products/43","event_time":"2026-07-15T10:00:00Z"}`)
	truncated := []byte(`{"event_id":"` + eventID(2) + `","user_id":"u-1001",`)
	negative := []byte(`{"event_id":"` + eventID(3) + `","user_id":"u-1001","url":"https://shop.example.com/","time_on_page_ms":-5,"event_time":"2026-07-15T10:01:00Z"}`)
	notUTF8 := []byte("{\"url\":\"https://shop.example.com/\xff\"}")
	rt.AddRawPayloads("page_views", badURL, truncated, negative, notUTF8)
	testkit.AddEvents(rt, "page_views", view(4, "u-1001", "10:02", "/"))
	rt.ProcessAllAvailable()
	got := testkit.Quarantine[clickstream.RejectedPageView](rt, "rejected_page_views")
	for i := range got {
		got[i].Reason = "" // English, may differ between engines (docs/validation.md)
	}
	reject := func(raw []byte, id *string, code string, path string, b64 *string) clickstream.RejectedPageView {
		// a string column holds valid UTF-8: the bytes are in raw_payload_base64
		return clickstream.RejectedPageView{EventID: id, RawPayload: strings.ToValidUTF8(string(raw), "\uFFFD"), RawPayloadBase64: b64, ReasonCode: code,
			FieldPath: &path, ObservedAt: at("12:05"), PipelineID: "clickstream-sessions", ContractID: "page-view"}
	}
	testkit.RowsEqual(t, got, []clickstream.RejectedPageView{
		reject(badURL, ptr(eventID(1)), "BAD_FORMAT", "url", nil),
		reject(truncated, nil, "MALFORMED_JSON", "", nil),
		reject(negative, ptr(eventID(3)), "OUT_OF_RANGE", "time_on_page_ms", nil),
		reject(notUTF8, nil, "INVALID_UTF8", "", ptr(base64.StdEncoding.EncodeToString(notUTF8))),
	})
	rt.AdvanceWatermark(at("11:00"))
	rt.ProcessAllAvailable()
	testkit.Count(t, sessions(rt), 1)
}

// TestRestartKeepsSessions: a session open in state when the pipeline
// stops goes on after a restart from the checkpoint; each view is read
// once, and the result equals a run without the restart.
func TestRestartKeepsSessions(t *testing.T) {
	first := []clickstream.PageView{view(1, "u-1001", "10:00", "/"), view(2, "u-1001", "10:10", "/products/42")}
	second := []clickstream.PageView{view(3, "u-1001", "10:30", "/cart"), view(1, "u-1001", "10:00", "/")}
	rt := start(t)
	testkit.AddEvents(rt, "page_views", first...)
	rt.ProcessAllAvailable()
	rt.Stop()
	rt.Restart()
	if !rt.Recovered() {
		t.Fatal("restart did not recover from the checkpoint")
	}
	testkit.Count(t, rt.State("sessionize-page-views"), 1)
	testkit.AddEvents(rt, "page_views", second...)
	rt.ProcessAllAvailable()
	rt.AdvanceWatermark(at("12:00"))
	rt.ProcessAllAvailable()
	want := rows(session{user: "u-1001", start: "10:00", last: "10:30", pages: 3, distinct: 3, entry: "/", exit: "/cart", country: "DE", plan: "pro"})
	testkit.RowsEqual(t, sessions(rt), want)
	input := 0
	for _, p := range rt.Progress {
		if p.Query == "user_sessions" {
			input += p.InputRows
		}
	}
	if input != 4 {
		t.Errorf("the sessions query read %d views across the restart, want 4 (each once)", input)
	}
	rt.ReplayBatch(1) // replaying a committed batch changes nothing
	testkit.RowsEqual(t, sessions(rt), want)
}
