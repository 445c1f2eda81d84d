package pyspark

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// lateGen is a program's views of sources and steps around a late output:
// the stateful step agg reads orders through the stateless steps clean
// and enrich (a join with the static customers).
func lateGen() *gen {
	bind := func(input, node, port string) ir.Binding {
		return ir.Binding{Input: input, From: ir.Ref{Node: node, Port: port}}
	}
	state := &ir.Node{Op: ir.OpAggregate, Inputs: []*ir.Node{{Op: ir.OpInput, Input: "orders"}}}
	return &gen{
		pp: &planner.PipelinePlan{Queries: []planner.Query{
			{Name: "windows", Sources: []string{"orders"}},
			{Name: "both", Sources: []string{"orders", "payments"}},
			{Name: "late", Branch: ir.PortLate},
		}},
		sources: map[string]*sourceView{
			"orders":    {Asset: "orders", Fn: "orders", Reread: RereadKafka},
			"payments":  {Asset: "payments", Fn: "payments", Reread: RereadKafka},
			"changes":   {Asset: "changes", Fn: "changes", Plugin: "delta-cdf"},
			"customers": {Asset: "customers", Fn: "customers", Typed: true, Static: true},
		},
		steps: map[string]*stepView{
			"clean":  {Fn: "step_clean", inputs: []ir.Binding{bind("orders", "orders", ir.PortValid)}},
			"enrich": {Fn: "step_enrich", inputs: []ir.Binding{bind("orders", "clean", ir.PortOut), bind("customers", "customers", ir.PortValid)}},
			"agg": {ID: "agg", Fn: "step_agg", LateFn: "step_agg_late_input", late: state,
				inputs: []ir.Binding{bind("orders", "enrich", ir.PortOut), bind("payments", "payments", ir.PortValid)}},
		},
	}
}

// TestBatchInput: the late rows' input over a re-read batch of orders:
// its ports as variables, static tables read in full, stateless steps
// recomputed; another stream or a stateful step is an internal error (the
// planner's ETL-S462 / S464).
func TestBatchInput(t *testing.T) {
	tests := []struct {
		name, node, port string
		want, err        string
		ports            []string
	}{
		{"valid rows", "orders", ir.PortValid, "valid", "", []string{"valid"}},
		{"invalid rows", "orders", ir.PortInvalid, "invalid", "", []string{"invalid"}},
		{"a static table", "customers", ir.PortValid, "customers_raw(spark)", "", nil},
		{"stateless steps over the batch", "enrich", ir.PortOut, "step_enrich(step_clean(valid), customers_raw(spark))", "", []string{"valid"}},
		{"another stream", "payments", ir.PortValid, "", planner.CodeLateSeveralSources, nil},
		{"a stateful step", "agg", ir.PortOut, "", planner.CodeLateAfterState, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := lateGen()
			b := &batchInput{g: g, src: g.sources["orders"]}
			got, err := b.ref(ir.Ref{Node: tc.node, Port: tc.port})
			if tc.err != "" {
				if err == nil || !strings.Contains(err.Error(), tc.err) {
					t.Fatalf("ref: %q, %v; want an error naming %s", got, err, tc.err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("ref = %q, %v; want %q", got, err, tc.want)
			}
			if diff := cmp.Diff(tc.ports, b.ports); diff != "" {
				t.Errorf("ports (-want +got):\n%s", diff)
			}
		})
	}
	g := lateGen()
	b := &batchInput{g: g, src: g.sources["orders"]}
	// payments does not reach the stateful operator: None, not an error
	if got, err := b.lateInput(g.steps["agg"]); err != nil || got != "step_agg_late_input(step_enrich(step_clean(valid), customers_raw(spark)), None)" {
		t.Errorf("lateInput = %q, %v", got, err)
	}
}

// TestLateRoute: the host query and source come from the planner's
// LateHostQuery and LateSource; a model the planner would refuse is an error
// naming the code it would report.
func TestLateRoute(t *testing.T) {
	tests := []struct {
		name, host, source, want string
	}{
		{"routable", "windows", "orders", ""},
		{"no host", "", "orders", planner.CodeLateNoHost},
		{"a late branch is no host", "late", "orders", planner.CodeLateNoHost},
		{"not one source", "windows", "", planner.CodeLateSeveralSources},
		{"not re-readable", "windows", "changes", planner.CodeLateNotRereadable},
		{"host reads two streams", "both", "orders", planner.CodeLateHostSources},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			g := lateGen()
			q := &planner.Query{Name: "late", LateStep: "agg", LateHost: tc.host, LateSource: tc.source}
			for i := range g.pp.Queries {
				if g.pp.Queries[i].Name == tc.host { // as the planner resolves LateHost
					q.LateHostQuery = &g.pp.Queries[i]
				}
			}
			host, src, err := g.lateRoute(q)
			if tc.want == "" {
				if err != nil || host.Name != tc.host || src.Asset != tc.source {
					t.Errorf("lateRoute = %v, %v, %v", host, src, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("lateRoute: %v, want an error naming %s", err, tc.want)
			}
		})
	}
}
