package run

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestOpenLineageIcebergDatasets: the Iceberg tables of the example's
// Iceberg profile are named by their directory in the warehouse (the
// Hadoop catalog's layout), as OpenLineage names a table by location.
func TestOpenLineageIcebergDatasets(t *testing.T) {
	data, err := os.ReadFile("../examples/order-streaming/profiles/spark-iceberg.yaml")
	if err != nil {
		t.Fatal(err)
	}
	yaml := strings.Replace(string(data), "  stop_timeout: 2m\n", "  stop_timeout: 2m\n  openlineage: {file: /dev/null}\n", 1)
	prof, diags := profile.Parse("/p/spark-iceberg.yaml", []byte(yaml))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	irData, err := os.ReadFile(orderIR)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(irData)
	if err != nil {
		t.Fatal(err)
	}
	m, diags := planner.Plan(doc, prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	l := newLineage(t.Context(), m, Options{})
	tests := []struct{ query, out string }{
		{windows, "s3a://warehouse /iceberg/curated/customer_order_windows"},
		{rejected, "s3a://warehouse /iceberg/quarantine/rejected_order_events"},
	}
	for _, tt := range tests {
		ev := l.event("START", "customer-order-streaming", tt.query, l.run("customer-order-streaming", tt.query))
		var got []string
		for _, d := range ev.Outputs {
			got = append(got, d.Namespace+" "+d.Name)
		}
		if diff := cmp.Diff([]string{tt.out}, got); diff != "" {
			t.Errorf("%s outputs (-want +got):\n%s", tt.query, diff)
		}
	}
}
