package run

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestOpenLineageDatasets: the stack profile's Kafka topic and Delta
// tables (by catalog name and by s3a location) are named by the
// OpenLineage conventions, each with its ODCS contract; a Spark batch's
// Kafka offsets and Delta version land in the RUNNING event, which
// validates against the schema.
func TestOpenLineageDatasets(t *testing.T) {
	data, err := os.ReadFile("../pyspark/testdata/stack_available_now/profile.yaml")
	if err != nil {
		t.Fatal(err)
	}
	yaml := strings.Replace(string(data), "    table: quarantine.rejected_order_events\n",
		"    path: s3a://warehouse/quarantine/rejected\n", 1)
	yaml = strings.Replace(yaml, "  stop_timeout: 2m\n", "  stop_timeout: 2m\n  openlineage: {file: /dev/null}\n", 1)
	prof, diags := profile.Parse("/p/profile.yaml", []byte(yaml))
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
	tests := []struct {
		query   string
		in, out string
	}{
		{windows, "kafka://127.0.0.1:9092 order-events order-event", "spark://127.0.0.1:15002 curated.customer_order_windows customer-order-window"},
		{rejected, "kafka://127.0.0.1:9092 order-events order-event", "s3a://warehouse /quarantine/rejected rejected-order-event"},
	}
	schemas := loadOLSchemas(t)
	for _, tt := range tests {
		t.Run(tt.query, func(t *testing.T) {
			qr := l.run("customer-order-streaming", tt.query)
			ev := l.event("START", "customer-order-streaming", tt.query, qr)
			name := func(d []olDataset) string {
				if len(d) != 1 {
					return "want one dataset"
				}
				return d[0].Namespace + " " + d[0].Name + " " + d[0].Facets["etlgen_contract"].(olContractFacet).ContractID
			}
			if diff := cmp.Diff(tt.in+" | "+tt.out, name(ev.Inputs)+" | "+name(ev.Outputs)); diff != "" {
				t.Errorf("datasets (-want +got):\n%s", diff)
			}
			v := int64(7)
			b := Batch{Pipeline: "customer-order-streaming", Query: tt.query, BatchID: 3, DeltaVersion: &v,
				EndOffsets: json.RawMessage(`"{\"order-events\":{\"0\":42}}"`)}
			for _, e := range l.batch(BatchCompleted{b}) {
				line, err := json.Marshal(e)
				if err != nil {
					t.Fatal(err)
				}
				got := schemas.validate(t, line)
				out := got["outputs"].([]any)[0].(map[string]any)["facets"].(map[string]any)
				if ver, _ := out["version"].(map[string]any); ver == nil || ver["datasetVersion"] != "7" {
					t.Errorf("output version facet %v", out["version"])
				}
				if !strings.Contains(string(line), `"offsets":[{"source":"order_events","end":{"order-events":{"0":42}}}]`) {
					t.Errorf("offsets missing: %s", line)
				}
			}
		})
	}
}
