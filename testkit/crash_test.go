package testkit_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/testkit"
)

// paidOrder is a valid paid order of customer 7 at 11:mm.
func paidOrder(id, minute int) []byte {
	return fmt.Appendf(nil, `{"event_id":"c%d","order_id":%d,"customer_id":7,"order_total":10.00,"status":"paid","event_time":"2026-07-15T11:%02d:00Z"}`,
		id, id, minute)
}

// TestCrashBeforeCommit: CrashBeforeCommit leaves the checkpoint as a
// process dying between the sink write and the commit leaves Spark's:
// offsets/N and the batch's state written, no commits/N. After the restart
// the batch re-runs with the offsets it logged (not with what arrived
// after the crash), from the state before it, so the aggregation counts
// every order once, as a run without the crash does.
func TestCrashBeforeCommit(t *testing.T) {
	const query = "customer_order_windows"
	crashed, clean := testkit.Start(t, orderstreaming.Pipeline), testkit.Start(t, orderstreaming.Pipeline)
	for _, rt := range []*testkit.Runtime{crashed, clean} {
		rt.AddRawPayloads("order_events", paidOrder(1, 1))
		rt.ProcessAllAvailable()
		rt.AddRawPayloads("order_events", paidOrder(2, 2), paidOrder(3, 3))
	}
	clean.ProcessAllAvailable()
	cp := crashed.Checkpoint(query)
	n := int64(len(progressOf(crashed, query)))
	crashed.CrashBeforeCommit()
	for _, f := range []struct {
		path string
		want bool
	}{
		{filepath.Join("offsets", fmt.Sprint(n)), true},
		{filepath.Join("state", fmt.Sprint(n)+".delta"), true},
		{filepath.Join("commits", fmt.Sprint(n)), false},
	} {
		if _, err := os.Stat(filepath.Join(cp, f.path)); (err == nil) != f.want {
			t.Errorf("after the crash %s exists: %v; want %v", f.path, err == nil, f.want)
		}
	}
	var logged localengine.OffsetLog
	readJSON(t, filepath.Join(cp, "offsets", fmt.Sprint(n)), &logged)
	for _, rt := range []*testkit.Runtime{crashed, clean} {
		rt.AddRawPayloads("order_events", paidOrder(4, 4))
	}
	crashed.Restart()
	if !crashed.Recovered() {
		t.Fatal("the restart did not recover the checkpoints")
	}
	crashed.ProcessAllAvailable()
	clean.ProcessAllAvailable()
	rerun := progressOf(crashed, query)[n]
	if rerun.BatchID != n || !rerun.Replay || !cmp.Equal(rerun.EndOffsets, logged.Sources) {
		t.Errorf("first batch after the restart: %d replay %v offsets %v; want batch %d re-run with the logged %v",
			rerun.BatchID, rerun.Replay, rerun.EndOffsets, n, logged.Sources)
	}
	if diff := cmp.Diff(clean.State("aggregate-customer-orders"), crashed.State("aggregate-customer-orders")); diff != "" {
		t.Errorf("state after the crash and re-run differs from a run without the crash (-clean +crashed):\n%s", diff)
	}
}

// progressOf returns the progress of query's batches.
func progressOf(rt *testkit.Runtime, query string) []localengine.Progress {
	var out []localengine.Progress
	for _, p := range rt.Progress {
		if p.Query == query {
			out = append(out, p)
		}
	}
	return out
}

// readJSON decodes the JSON file at path into v.
func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("read %s: %v", path, err)
	}
}
