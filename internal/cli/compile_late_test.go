package cli

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLateOutputNotRoutable: a late output whose rows the Spark engine
// cannot route (its stateful step reads a Delta change feed, which it does
// not read again per batch) fails validate, compile and run with the
// planner's ETL-S461 naming the late output and the reason, and writes no
// program: Spark would drop the rows silently.
func TestLateOutputNotRoutable(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(prof, []byte(`name: cdf
engine: pyspark
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: s3a://warehouse/checkpoints
assets:
  order_events: {plugin: delta-cdf, table: raw.order_events}
  customer_order_windows: {plugin: delta, table: curated.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: quarantine.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: quarantine.late, write_mode: append}
resources:
  spark: {connect_url: "sc://127.0.0.1:15002"}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	for _, args := range [][]string{
		{"validate", "--ir", "../../pyspark/testdata/order-streaming.ir.json", "--profile", prof},
		{"compile", "--ir", "../../pyspark/testdata/order-streaming.ir.json", "--profile", prof, "-o", out},
		{"run", "--ir", "../../pyspark/testdata/order-streaming.ir.json", "--profile", prof},
	} {
		t.Run(args[0], func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := Run(context.Background(), args, nil, &stdout, &stderr)
			if code != ExitPlanning {
				t.Fatalf("exit %d, want %d; stdout: %s stderr: %s", code, ExitPlanning, stdout.String(), stderr.String())
			}
			msg := stdout.String() + stderr.String()
			for _, want := range []string{"ETL-S461", "late output late_order_events",
				"source order_events (plugin delta-cdf)", "only kafka-json offset ranges and file-json log batches"} {
				if !strings.Contains(msg, want) {
					t.Errorf("output %q does not say %q", msg, want)
				}
			}
			if _, err := os.Stat(out); !os.IsNotExist(err) {
				t.Errorf("a program was written to %s (%v)", out, err)
			}
		})
	}
}
