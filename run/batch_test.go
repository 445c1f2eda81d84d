package run

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark/events"
)

// TestBatchWatermark: a batch line carries the watermark its batch judged
// lateness by, and none (not the epoch) before the watermark has moved or
// for a query without one, on both engines.
func TestBatchWatermark(t *testing.T) {
	pp := &planner.PipelinePlan{ID: "p", Queries: []planner.Query{
		{Name: "w", Watermarks: []planner.Watermark{{Column: "t", Delay: "10m"}}},
		{Name: "plain"},
	}}
	at := time.Date(2026, 7, 15, 10, 49, 0, 0, time.UTC)
	local := []struct {
		query string
		wm    time.Time
		want  string
	}{
		{"w", at, "2026-07-15T10:49:00Z"},
		{"w", time.UnixMilli(0), ""},
		{"w", time.Time{}, ""},
		{"plain", at, ""},
	}
	for _, tt := range local {
		if got := localBatch(pp, &localengine.Progress{Query: tt.query, Watermark: tt.wm}).Watermark; got != tt.want {
			t.Errorf("local %s at %v: watermark %q, want %q", tt.query, tt.wm, got, tt.want)
		}
	}
	for wm, want := range map[string]string{
		"1970-01-01T00:00:00.000Z": "",
		"2026-07-15T10:49:00.000Z": "2026-07-15T10:49:00.000Z",
	} {
		if got := sparkBatch(pp, &events.Batch{Query: "w", Watermark: &wm}).Watermark; got != want {
			t.Errorf("spark %s: watermark %q, want %q", wm, got, want)
		}
	}
}

// TestLocalFailureClass: the local engine's errors get the failure classes
// the Spark program gives the same failures.
func TestLocalFailureClass(t *testing.T) {
	for err, want := range map[error]string{
		fmt.Errorf("run query q: %w", &localengine.StaticRowError{Asset: "customers", Contract: "c", Rows: 1, ReasonCode: "OUT_OF_RANGE"}): FailureInvalidStaticRow,
		&localengine.InputError{Code: localengine.CodeFileMissing, Path: "/in/a.jsonl", Err: errors.New("gone")}:                           "input-missing",
		errors.New("boom"): "failure",
	} {
		if got := localFailure(err).Code; got != want {
			t.Errorf("localFailure(%v) = %s, want %s", err, got, want)
		}
	}
}

// TestConnectURL: the parameters the session reads from the environment
// are appended URL-encoded; a variable that is not set, or a value the Go
// client cannot pass, is an error naming the variable, never the value.
func TestConnectURL(t *testing.T) {
	t.Setenv("ETLGEN_TEST_TOKEN", "a b/c%d")
	s := &planner.Session{Remote: "sc://h:443/;use_ssl=true", RemoteEnv: map[string]string{"token": "ETLGEN_TEST_TOKEN"}}
	if got, err := connectURL(s); err != nil || got != "sc://h:443/;use_ssl=true;token=a%20b%2Fc%25d" {
		t.Errorf("connectURL = %q, %v", got, err)
	}
	t.Setenv("ETLGEN_TEST_TOKEN", "abc==")
	if _, err := connectURL(s); err == nil || strings.Contains(err.Error(), "abc") {
		t.Errorf("connectURL with '=' in the token = %v; want an error that does not quote the value", err)
	}
	s = &planner.Session{Remote: "sc://h:15002", RemoteEnv: map[string]string{"token": "ETLGEN_TEST_UNSET"}}
	if _, err := connectURL(s); err == nil || !strings.Contains(err.Error(), "ETLGEN_TEST_UNSET is not set") {
		t.Errorf("connectURL with an unset variable = %v", err)
	}
}
