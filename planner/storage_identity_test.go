package planner_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestStorageIdentityDelta: a CDF MERGE into the table its Change Data
// Feed comes from feeds itself (ETL-K506), also spelled as another case.
func TestStorageIdentityDelta(t *testing.T) {
	_, codes := cdfPlan(t, nil, "table: curated.customers", "table: RAW.`customers`")
	if !slices.Contains(codes, "ETL-K506:error") {
		t.Errorf("merge into the source table: diagnostics %v, want ETL-K506", codes)
	}
}

// TestStorageIdentityAcrossPipelines: pipelines planned together are
// checked together. A chain (one pipeline reads another's table) is fine;
// two pipelines feeding each other are reported at both loads; two
// pipelines loading one table are reported once.
func TestStorageIdentityAcrossPipelines(t *testing.T) {
	tests := []struct {
		name, source, sink string
		want               []string
	}{
		{"chain", "curated.customers", "gold.customers", nil},
		{"cycle", "curated.customers", "raw.customers", []string{"ETL-K506", "ETL-K506"}},
		{"two writers", "raw.customers", "Curated.Customers", []string{"ETL-K505"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := etl.DocumentOf(customercdf.Pipeline)
			second := copyPipeline(doc.Pipelines[0], "customer-gold", "curated_changes", "gold_customers")
			doc.Pipelines = append(doc.Pipelines, second)
			prof, l := profile.Parse("spark.yaml", []byte(strings.Replace(cdfProfileText(t), "assets:\n", "assets:\n"+
				"  curated_changes: {plugin: delta-cdf, table: "+tt.source+"}\n"+
				"  gold_customers: {plugin: delta, table: "+tt.sink+", write_mode: foreach-batch-merge}\n", 1)))
			if l.HasErrors() {
				t.Fatal(l)
			}
			_, diags := planner.Plan(doc, prof, planner.Options{})
			var got []string
			for _, d := range diags {
				if strings.HasPrefix(d.Code, "ETL-K5") {
					got = append(got, d.Code)
					if d.Code == planner.CodeSinkFeedsSource && !strings.Contains(d.Message, "→") {
						t.Errorf("a cycle's message names no path: %s", d.Message)
					}
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("K5xx = %v, want %v\n%v", got, tt.want, diags)
			}
		})
	}
}

// cdfProfileText is the customer-cdf example's Spark profile.
func cdfProfileText(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../examples/customer-cdf/profiles/spark.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// copyPipeline is a copy of p with another id, reading asset source and
// loading asset sink.
func copyPipeline(p ir.Pipeline, id, source, sink string) ir.Pipeline {
	old := p.Extracts[0].Asset
	p.ID = id
	p.Extracts = []ir.Extract{p.Extracts[0]}
	p.Extracts[0].Asset = source
	p.Steps = slices.Clone(p.Steps)
	for i := range p.Steps {
		p.Steps[i].Inputs = slices.Clone(p.Steps[i].Inputs)
		for j := range p.Steps[i].Inputs {
			if p.Steps[i].Inputs[j].From.Node == old {
				p.Steps[i].Inputs[j].From.Node = source
			}
		}
	}
	p.Loads = []ir.Load{p.Loads[0]}
	p.Loads[0].Asset = sink
	return p
}
