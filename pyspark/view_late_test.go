package pyspark_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// TestLateRouting generates the order-streaming program with its source
// bound to each plugin: a late output is written from a kafka-json or
// file-json source (its batch read again), and refused with its name and
// the reason for the others by the planner (ETL-S461), never skipped.
func TestLateRouting(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "order-streaming.ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, source string
		want         string // in the program, or in the error
		wantErr      bool
	}{
		{"kafka", "{plugin: kafka-json, resource: k, topic: orders}", "rt.kafka_batch(spark, options, start, end)", false},
		{"files", "{plugin: file-json, path: s3a://warehouse/in}", "rt.source_log_files(spark, ", false},
		{"change feed", "{plugin: delta-cdf, table: raw.orders}", planner.CodeLateNotRereadable, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc, err := ir.Unmarshal(data)
			if err != nil {
				t.Fatal(err)
			}
			pf := filepath.Join(t.TempDir(), "profile.yaml")
			yaml := `name: late
engine: pyspark
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: s3a://warehouse/checkpoints
assets:
  order_events: ` + tc.source + `
  customer_order_windows: {plugin: delta, table: c.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: q.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: q.late, write_mode: append}
resources:
  spark: {connect_url: "sc://127.0.0.1:15002"}
  k: {kind: kafka, bootstrap_servers: "127.0.0.1:9092"}
`
			if err := os.WriteFile(pf, []byte(yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			prof, diags, err := profile.Load(pf)
			if err != nil || diags.HasErrors() {
				t.Fatalf("profile: %v %v", err, diags)
			}
			m, diags := planner.Plan(doc, prof, planner.Options{})
			if tc.wantErr { // the planner refuses what the engine cannot route
				if !slices.Contains(diags.Codes(), tc.want) || !diags.HasErrors() {
					t.Fatalf("plan: %v, want %s", diags, tc.want)
				}
				return
			}
			if diags.HasErrors() {
				t.Fatalf("plan: %v", diags)
			}
			files, err := pyspark.Generate(m)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if f.Path == pyspark.ProgramName(m.Pipelines[0].ID) {
					src := string(f.Data)
					if !strings.Contains(src, tc.want) || !strings.Contains(src, "write_late_order_events(batch_df.sparkSession, batch_id)") {
						t.Errorf("program does not route late_order_events with %q", tc.want)
					}
					return
				}
			}
			t.Fatal("no program generated")
		})
	}
}
