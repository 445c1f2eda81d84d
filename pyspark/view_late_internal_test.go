package pyspark

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// TestLateNeedsOneStreamingSource: the late rows of a batch are found
// through the checkpoint's first source, so a host query reading two
// streaming sources is refused; a static (stream-static join) source does
// not count.
func TestLateNeedsOneStreamingSource(t *testing.T) {
	bind := func(node string) ir.Binding { return ir.Binding{From: ir.Ref{Node: node, Port: ir.PortValid}} }
	g := &gen{
		sources: map[string]*sourceView{
			"orders":    {Asset: "orders", Plugin: "file-json"},
			"payments":  {Asset: "payments", Plugin: "kafka-json", Kafka: true},
			"customers": {Asset: "customers", Plugin: "delta", Delta: true, Static: true},
		},
		steps: map[string]*stepView{
			"agg":      {late: &ir.Node{Op: ir.OpWatermark}, inputs: []ir.Binding{bind("orders")}},
			"enrich":   {inputs: []ir.Binding{{From: ir.Ref{Node: "agg"}}, bind("customers")}},
			"pay_join": {inputs: []ir.Binding{{From: ir.Ref{Node: "agg"}}, bind("payments")}},
		},
	}
	tests := []struct {
		name, from string
		want       []string
		err        string
	}{
		{"the step's source", "agg", []string{"orders"}, ""},
		{"a static side does not count", "enrich", []string{"orders"}, ""},
		{"a second stream", "pay_join", []string{"orders", "payments"}, "query q reads the streaming sources [orders payments]"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			from := ir.Ref{Node: tc.from}
			if diff := cmp.Diff(tc.want, g.streamSources(from, map[string]bool{})); diff != "" {
				t.Errorf("streamSources (-want +got):\n%s", diff)
			}
			_, err := g.late(&planner.Query{Name: "late", LateStep: "agg"}, &planner.Query{Name: "q", From: from})
			if tc.err == "" {
				// past the source checks, the test's query has no contract
				if err == nil || !strings.Contains(err.Error(), "contract") {
					t.Errorf("late: %v, want only the missing contract", err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("late: %v, want %q", err, tc.err)
			}
		})
	}
}
