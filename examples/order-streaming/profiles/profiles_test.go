// Package profiles_test checks that the example's profiles bind to the real
// order-streaming pipeline: the IR built by the DSL, not a hand-made copy.
package profiles_test

import (
	"slices"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
)

// TestProfilesBindToPipeline: local.yaml and spark.yaml parse and bind to the
// customer-order-streaming pipeline without a single diagnostic.
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
