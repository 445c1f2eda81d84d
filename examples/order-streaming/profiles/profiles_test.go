// Package profiles_test checks that the example's profiles bind to the real
// order-streaming pipeline: the IR built by the DSL, not a hand-made copy.
package profiles_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestProfilesBindToPipeline: local.yaml, spark.yaml, databricks.yaml
// (a managed endpoint) and spark-iceberg.yaml (Iceberg tables) parse and bind to the customer-order-streaming
// pipeline without a single diagnostic.
func TestProfilesBindToPipeline(t *testing.T) {
	doc := etl.DocumentOf(orderstreaming.Pipeline)
	if doc.Diagnostics.HasErrors() {
		t.Fatalf("the example pipeline does not build:\n%v", doc.Diagnostics.Err())
	}
	tests := []struct {
		file      string
		mergeSink string
		mergeKeys int
	}{
		{"local.yaml", "", 0},
		{"spark.yaml", "customer_order_windows", 3},
		{"databricks.yaml", "customer_order_windows", 3},
		{"spark-iceberg.yaml", "customer_order_windows", 3},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			p, diags, err := profile.Load(tt.file)
			if err != nil {
				t.Fatal(err)
			}
			b, bd := profile.Bind(p, doc, "customer-order-streaming")
			for _, d := range append(diags, bd...) {
				t.Errorf("unexpected diagnostic: %s", d)
			}
			merges := 0
			for _, s := range b.Sinks {
				if s.Role == profile.RoleMergeSink {
					merges++
					if s.Asset.Name != tt.mergeSink || len(s.MergeKeys) != tt.mergeKeys {
						t.Errorf("merge sink %s keys %v", s.Asset.Name, s.MergeKeys)
					}
				}
			}
			if len(b.Sources) != 1 || len(b.Sinks) != 3 || merges != min(1, tt.mergeKeys) {
				t.Errorf("sources %d sinks %d merge sinks %d", len(b.Sources), len(b.Sinks), merges)
			}
		})
	}
}

// TestWatermarkNeedsEventTime: on the real IR, the aggregation's watermark is
// traced back to order_events, so a contract without an event-time field is
// reported (ETL-P336).
func TestWatermarkNeedsEventTime(t *testing.T) {
	doc := etl.DocumentOf(orderstreaming.Pipeline)
	for i := range doc.Contracts {
		if doc.Contracts[i].ID == "order-event" {
			for j := range doc.Contracts[i].Fields {
				doc.Contracts[i].Fields[j].EventTime = false
			}
		}
	}
	p, diags, err := profile.Load("spark.yaml")
	if err != nil || len(diags) != 0 {
		t.Fatalf("load: %v %v", err, diags)
	}
	_, bd := profile.Bind(p, doc, "customer-order-streaming")
	if codes := bd.Codes(); !slices.Equal(codes, []string{profile.CodeNoEventTime}) {
		t.Errorf("codes = %v, want [%s]", codes, profile.CodeNoEventTime)
	}
}

// TestManagedProfileCompiles: the managed-endpoint profile plans and
// compiles to a program that connects with TLS, reads the token and the
// cluster id from the environment (names only in the program), writes
// Unity Catalog tables and checkpoints in a volume. No managed endpoint is
// reachable here: this is as far as it is tested.
func TestManagedProfileCompiles(t *testing.T) {
	p, diags, err := profile.Load("databricks.yaml")
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	m, diags := planner.Plan(etl.DocumentOf(orderstreaming.Pipeline), p, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		t.Fatal(err)
	}
	py, err := sparkrun.CompilerPython()
	if err != nil {
		t.Skip(err)
	}
	if err := sparkrun.Compile(context.Background(), py, files); err != nil {
		t.Fatal(err)
	}
	prog := string(files[0].Data)
	for _, want := range []string{
		`REMOTE = "sc://adb-1234567890123456.7.azuredatabricks.net:443/;use_ssl=true"`,
		`"token": "DATABRICKS_TOKEN"`, `"x-databricks-cluster-id": "DATABRICKS_CLUSTER_ID"`,
		"CUSTOMER_ORDER_WINDOWS_TARGET = \"`main`.`curated`.`customer_order_windows`\"", `"/Volumes/main/orders/checkpoints/customer-order-streaming/`,
	} {
		if !strings.Contains(prog, want) {
			t.Errorf("program lacks %s", want)
		}
	}
	if strings.Contains(prog, "${env:") {
		t.Errorf("program holds an unresolved ${env:…} reference")
	}
}
