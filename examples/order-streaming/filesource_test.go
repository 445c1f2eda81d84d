package orderstreaming_test

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/testkit"
)

// fileProfile reads the sample files one per micro-batch, like
// profiles/local.yaml, and keeps the outputs in memory.
const fileProfile = `name: files
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: CHECKPOINTS
assets:
  order_events: {plugin: file-json, path: testdata/events, max_files_per_trigger: 1}
  customer_order_windows: {plugin: memory}
  rejected_order_events: {plugin: memory}
  late_order_events: {plugin: memory}
`

// TestFileSourceBatchesBackToBack runs the four sample files as four
// consecutive data batches, as `etlgen run` does. Spark judges late rows
// against the previous batch's watermark: batch 2 (file 3) runs with
// eviction watermark 12:03 but late-events watermark 10:49 (batch 1's), so
// evt-0018 (10:30, window end 11:00) is not late: it joins customer 42's
// 10:00–11:00 window, which closes in the same batch. Contrast
// TestSampleLateEvent, where a no-data batch between the files moves the
// late-events watermark to 12:03 first. Batch 3 (file 4) judges against
// 12:03: evt-0021 (11:40, window end 12:00) is late and goes to the late
// output; its watermark 12:37:30 is already the last file's, so no no-data
// batch follows.
func TestFileSourceBatchesBackToBack(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline, testkit.ProfileYAML(replaceCheckpoints(fileProfile, t.TempDir())))
	rt.ProcessAllAvailable()
	var batches []int
	for _, p := range rt.Progress {
		if p.Query == "customer_order_windows" {
			batches = append(batches, p.InputRows)
		}
	}
	if !slices.Equal(batches, []int{7, 8, 5, 1}) {
		t.Errorf("input rows per batch = %v, want [7 8 5 1] (one file per batch)", batches)
	}
	got := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	testkit.RowsEqual(t, got, []orderstreaming.CustomerOrderWindow{
		window(7, "10:00", 1, "120.00", "10:09:30"),
		window(7, "11:00", 1, "230.40", "11:12:00"),
		window(13, "10:00", 1, "77.25", "10:47:00"),
		window(13, "11:00", 1, "64.00", "11:26:45"),
		window(42, "10:00", 3, "73.20", "10:31:12"),
		window(42, "11:00", 2, "108.74", "11:49:30"),
	})
	testkit.RowsEqual(t, testkit.Late[orderstreaming.LateOrderEvent](rt, "late_order_events"), []orderstreaming.LateOrderEvent{
		{Event: paid("evt-0021", 1021, 7, "25.00", "2026-07-15T11:40:00Z"), WatermarkAtArrival: at("2026-07-15T12:03:00Z"), ReasonCode: "BEHIND_WATERMARK"},
	})
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 2)

	// A restart finds nothing new: every file is in the offset log.
	rt.Restart()
	before := len(rt.Progress)
	rt.ProcessAllAvailable()
	if len(rt.Progress) != before {
		t.Errorf("restart ran %d batches, want none", len(rt.Progress)-before)
	}
}

func replaceCheckpoints(profile, dir string) string {
	return strings.ReplaceAll(profile, "CHECKPOINTS", strconv.Quote(dir))
}
