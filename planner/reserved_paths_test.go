package planner_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestReservedPaths: a source or a sink in a pipeline's checkpoints (or
// around checkpoint_root), and an OpenLineage file inside a source, a sink
// or a pipeline's checkpoints are refused, each with its code; the
// example's own layout, and data beside the checkpoints, pass.
func TestReservedPaths(t *testing.T) {
	data, err := os.ReadFile("../examples/order-streaming/profiles/local.yaml")
	if err != nil {
		t.Fatal(err)
	}
	base := string(data)
	tests := []struct {
		name     string
		old, new string
		want     []string
		mention  string
	}{
		{"example", "", "", nil, ""},
		{"sink beside the checkpoints", "path: ../out/late_order_events", "path: ../out/checkpoints/late", nil, ""},
		{"sink in the pipeline's checkpoints", "path: ../out/late_order_events", "path: ../out/checkpoints/customer-order-streaming/v2/late", []string{"ETL-K505"}, "the checkpoints of pipeline customer-order-streaming"},
		{"sink holding checkpoint_root", "path: ../out/late_order_events", "path: ../out", []string{"ETL-K505"}, "writes path"},
		{"source beside the checkpoints", "path: ../testdata/events", "path: ../out/checkpoints/input", nil, ""},
		{"source holding checkpoint_root", "checkpoint_root: ../out/checkpoints", "checkpoint_root: ../testdata/events/checkpoints", []string{"ETL-K507"}, "execution.checkpoint_root"},
		{"source inside a query's checkpoint", "path: ../testdata/events",
			"path: ../out/checkpoints/customer-order-streaming/v1/local/customer_order_windows/input", []string{"ETL-K507"}, "source order_events"},
		{"lineage file in a source", "stop_policy: finish-batch", "stop_policy: finish-batch\n  openlineage: {file: ../testdata/events/lineage.jsonl}", []string{"ETL-K508"}, "source order_events"},
		{"lineage file in a sink", "stop_policy: finish-batch", "stop_policy: finish-batch\n  openlineage: {file: ../out/rejected_order_events/ol.jsonl}", []string{"ETL-K508"}, "sink rejected_order_events"},
		{"lineage file in the checkpoints", "stop_policy: finish-batch", "stop_policy: finish-batch\n  openlineage: {file: ../out/checkpoints/customer-order-streaming/ol.jsonl}", []string{"ETL-K508"}, "the checkpoints of pipeline"},
		{"lineage file beside the checkpoints", "stop_policy: finish-batch", "stop_policy: finish-batch\n  openlineage: {file: ../out/checkpoints/ol.jsonl}", nil, ""},
		{"lineage file beside", "stop_policy: finish-batch", "stop_policy: finish-batch\n  openlineage: {file: ../out/lineage.jsonl}", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := base
			if tt.old != "" {
				if !strings.Contains(text, tt.old) {
					t.Fatalf("the example profile no longer has %q", tt.old)
				}
				text = strings.Replace(text, tt.old, tt.new, 1)
			}
			dir := filepath.Join(t.TempDir(), "profiles")
			prof, l := profile.Parse(filepath.Join(dir, "local.yaml"), []byte(text))
			if l.HasErrors() {
				t.Fatal(l)
			}
			_, diags := planner.Plan(etl.DocumentOf(orderstreaming.Pipeline), prof, planner.Options{})
			var got []string
			for _, d := range diags {
				if strings.HasPrefix(d.Code, "ETL-K5") {
					got = append(got, d.Code)
					if !strings.Contains(d.Message, tt.mention) || d.Pos.Line == 0 {
						t.Errorf("%s: message %q (at %v) does not mention %q or has no position", d.Code, d.Message, d.Pos, tt.mention)
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("K5xx = %v, want %v\n%v", got, tt.want, diags)
			}
		})
	}
}
