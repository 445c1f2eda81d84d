package run

import (
	"os"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestTableRelation: show reads a table sink under the SQL name the
// program writes: an Iceberg table by catalog.namespace.table (the
// session conf names the catalog), a Delta table by its catalog name.
func TestTableRelation(t *testing.T) {
	tests := []struct{ profile, query, want string }{
		{"spark-iceberg.yaml", windows, "`lake`.`curated`.`customer_order_windows`"},
		{"spark-iceberg.yaml", rejected, "`lake`.`quarantine`.`rejected_order_events`"},
		{"spark.yaml", windows, "`curated`.`customer_order_windows`"},
	}
	for _, tt := range tests {
		t.Run(tt.profile+"/"+tt.query, func(t *testing.T) {
			prof, diags, err := profile.Load("../examples/order-streaming/profiles/" + tt.profile)
			if err != nil || diags.HasErrors() {
				t.Fatalf("profile: %v %v", err, diags)
			}
			data, err := os.ReadFile(orderIR)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := ir.Unmarshal(data)
			if err != nil {
				t.Fatal(err)
			}
			m, diags := planner.Plan(doc, prof, planner.Options{})
			if diags.HasErrors() {
				t.Fatal(diags)
			}
			_, q, err := findSink(m, tt.query)
			if err != nil {
				t.Fatal(err)
			}
			if got := tableRelation(q); got != tt.want {
				t.Errorf("tableRelation = %s, want %s", got, tt.want)
			}
		})
	}
}
