package planner_test

import (
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// cdfPlan plans the customer-cdf example with its Spark profile, edited by
// the replacements, and after mutating its document.
func cdfPlan(t *testing.T, mutate func(*ir.Document), replace ...string) (*planner.Model, []string) {
	t.Helper()
	doc := etl.DocumentOf(customercdf.Pipeline)
	if mutate != nil {
		mutate(doc)
	}
	data, err := os.ReadFile("../examples/customer-cdf/profiles/spark.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for i := 0; i+1 < len(replace); i += 2 {
		text = strings.Replace(text, replace[i], replace[i+1], 1)
	}
	prof, l := profile.Parse("spark.yaml", []byte(text))
	if l.HasErrors() {
		t.Fatalf("profile: %v", l)
	}
	m, diags := planner.Plan(doc, prof, planner.Options{})
	var codes []string
	for _, d := range diags {
		codes = append(codes, d.Code+":"+string(d.Severity))
	}
	return m, codes
}

// TestCDFPlan: the plan records the change merge (target, keys, columns,
// order), the available-now default trigger and where the source starts;
// the notes say the starting version applies only to a new checkpoint.
func TestCDFPlan(t *testing.T) {
	m, codes := cdfPlan(t, nil)
	if want := []string{"ETL-S445:note", "ETL-S444:note"}; !slices.Equal(codes, want) {
		t.Errorf("diagnostics = %v, want %v", codes, want)
	}
	q := m.Pipelines[0].Queries[0]
	cm := q.Sink.Changes
	if cm == nil || cm.Target != "customer" || !slices.Equal(cm.Keys, []string{"customer_id"}) || len(cm.Columns) != 6 {
		t.Fatalf("sink.changes = %+v", cm)
	}
	if !slices.Equal(cm.ChangeOrder, []string{"update_preimage", "insert", "update_postimage", "delete"}) {
		t.Errorf("change order = %v", cm.ChangeOrder)
	}
	if q.Trigger.Type != "available-now" || m.Trigger.Type != "available-now" {
		t.Errorf("trigger = %v / %v, want available-now", q.Trigger, m.Trigger)
	}
	if src := m.Pipelines[0].Sources[0]; !strings.Contains(src.Offsets, "starting_version=0 applies only to a new checkpoint") {
		t.Errorf("source offsets = %q", src.Offsets)
	}
	_, codes = cdfPlan(t, nil, "  checkpoint_root:", "  trigger: {type: processing-time, interval: 1m}\n  checkpoint_root:",
		"    starting_version: 0\n", "")
	if len(codes) != 0 {
		t.Errorf("with a trigger and no starting version: diagnostics %v, want none", codes)
	}
}

// TestCDFRuleErrors: change rows without CDF columns, a target column the
// change rows lack, and a sink that does not merge are reported.
func TestCDFRuleErrors(t *testing.T) {
	dropField := func(contract, field string) func(*ir.Document) {
		return func(doc *ir.Document) {
			for i := range doc.Contracts {
				c := &doc.Contracts[i]
				if c.ID == contract {
					c.Fields = slices.DeleteFunc(c.Fields, func(f contracts.Field) bool { return f.Name == field })
				}
			}
		}
	}
	tests := []struct {
		name    string
		mutate  func(*ir.Document)
		replace []string
		want    string
	}{
		{"no _commit_version", dropField("customer-change", ir.ColCommitVersion), nil, "ETL-S440:error"},
		{"target column missing", dropField("customer-change", "tier"), nil, "ETL-S441:error"},
		{"append sink", nil, []string{"write_mode: foreach-batch-merge", "write_mode: append"}, "ETL-S442:error"},
		{"untyped source", dropField("customer-change", ir.ColCommitTimestamp), nil, "ETL-S446:warning"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, codes := cdfPlan(t, tt.mutate, tt.replace...)
			if !slices.Contains(codes, tt.want) {
				t.Errorf("diagnostics = %v, want %s among them", codes, tt.want)
			}
		})
	}
}
