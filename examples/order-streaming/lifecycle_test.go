package orderstreaming_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/run"
)

// lifecycleProfile is profiles/local.yaml with its outputs and checkpoints
// under a directory of the test's (test: a temporary checkpoint root).
const lifecycleProfile = `name: local
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: %[1]s/checkpoints
  stop_policy: finish-batch
assets:
  order_events: {plugin: file-json, path: %[2]s, max_files_per_trigger: 1}
  customer_order_windows: {plugin: file-json, path: %[1]s/customer_order_windows}
  rejected_order_events: {plugin: file-json, path: %[1]s/rejected_order_events}
  late_order_events: {plugin: file-json, path: %[1]s/late_order_events}
`

// runEvents runs the example once through run.Start, as `etlgen run`
// does, and returns the windows query's lifecycle events in words.
func runEvents(t *testing.T, m *planner.Model) []string {
	t.Helper()
	var got []string
	h, err := run.Start(context.Background(), m, run.Options{OnEvent: func(ev run.Event) {
		if _, q := ev.Origin(); q != "customer_order_windows" {
			return
		}
		switch e := ev.(type) {
		case run.QueryStarted:
			got = append(got, fmt.Sprintf("started fresh=%v last=%d resume=%d", e.Fresh, e.LastCommitted, len(e.Resume)))
		case run.BatchStarted:
			got = append(got, fmt.Sprintf("batch %d started", e.BatchID))
		case run.WatermarkAdvanced:
			got = append(got, fmt.Sprintf("watermark %s", e.To.Format("15:04")))
		case run.BatchCompleted:
			late := "-"
			if t, err := time.Parse(time.RFC3339, e.LateWatermark); err == nil {
				late = t.Format("15:04")
			}
			got = append(got, fmt.Sprintf("batch %d completed: %d rows in, late vs %s, %d dropped", e.BatchID, e.InputRows, late, e.DroppedByWatermark))
		case run.QueryTerminated:
			got = append(got, fmt.Sprintf("terminated %s last=%d", e.Status, e.LastBatchID))
		default:
			got = append(got, ev.Kind())
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.Await(context.Background()); err != nil {
		t.Fatal(err)
	}
	return got
}

// TestLifecycleEvents runs the example on the local engine as `etlgen run`
// does and checks the windows query's lifecycle: a fresh start, one batch
// per sample file with the watermark advancing, each batch judging late
// rows against the previous batch's watermark (the fourth file's event, at
// 11:40, is behind 12:03: dropped here, routed by the late query), the
// end; then a second run recovers from the checkpoint and has nothing to do.
func TestLifecycleEvents(t *testing.T) {
	dir := t.TempDir()
	events, err := filepath.Abs("testdata/events")
	if err != nil {
		t.Fatal(err)
	}
	pf := filepath.Join(dir, "local.yaml")
	if err := os.WriteFile(pf, []byte(fmt.Sprintf(lifecycleProfile, dir, events)), 0o644); err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(pf)
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	m, diags := planner.Plan(etl.DocumentOf(orderstreaming.Pipeline), prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	first := runEvents(t, m)
	want := []string{
		"started fresh=true last=-1 resume=0",
		// batch 0 has no watermark yet; each later batch reports the one
		// it runs with (the previous batch's latest event time − 15 min)
		// and judges late rows against the previous batch's
		"batch 0 started", "batch 0 completed: 7 rows in, late vs -, 0 dropped",
		"batch 1 started", "watermark 10:49", "batch 1 completed: 8 rows in, late vs -, 0 dropped",
		"batch 2 started", "watermark 12:03", "batch 2 completed: 5 rows in, late vs 10:49, 0 dropped",
		"batch 3 started", "watermark 12:37", "batch 3 completed: 1 rows in, late vs 12:03, 1 dropped",
		"terminated finished last=3",
	}
	if diff := cmp.Diff(want, first); diff != "" {
		t.Errorf("first run (-want +got):\n%s", diff)
	}
	second := runEvents(t, m)
	if len(second) != 2 || !strings.HasPrefix(second[0], "started fresh=false last=3") || second[1] != "terminated finished last=3" {
		t.Errorf("second run = %q, want a recovered start and the end, no batch", second)
	}
}
