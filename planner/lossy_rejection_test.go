package planner_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestLossyRejection: Invalid() of a file source loaded into a rejected
// contract without raw_payload_base64 is a warning (ETL-D272) at the load;
// the example's contract, which has it, passes.
func TestLossyRejection(t *testing.T) {
	data, err := os.ReadFile("../examples/order-streaming/profiles/local.yaml")
	if err != nil {
		t.Fatal(err)
	}
	for _, drop := range []bool{false, true} {
		doc := etl.DocumentOf(orderstreaming.Pipeline)
		if drop {
			for i := range doc.Contracts {
				c := &doc.Contracts[i]
				c.Fields = slices.DeleteFunc(slices.Clone(c.Fields), func(f contracts.Field) bool { return f.Name == "raw_payload_base64" })
			}
		}
		prof, l := profile.Parse(filepath.Join(t.TempDir(), "local.yaml"), data)
		if l.HasErrors() {
			t.Fatal(l)
		}
		_, diags := planner.Plan(doc, prof, planner.Options{})
		var got []string
		for _, d := range diags {
			if d.Code == planner.CodeLossyRejection {
				got = append(got, fmt.Sprint(d.Severity)+" "+d.Path)
			}
		}
		want := []string(nil)
		if drop {
			want = []string{"warning customer-order-streaming/load:rejected_order_events"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("without raw_payload_base64 %v: %v, want %v\n%v", drop, got, want, diags)
		}
	}
}
