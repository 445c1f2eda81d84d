package planner

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// TestAggBuffer: an aggregate's part of the state value schema; min_by and
// max_by also keep their ordering, so changing its type is a state schema
// change.
func TestAggBuffer(t *testing.T) {
	col := func(n string) *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: n} }
	cols := map[string]string{"status": "string", "event_time": "timestamp", "order_id": "int64"}
	tests := []struct {
		name string
		agg  *ir.Expr
		want []Column
	}{
		{"max", &ir.Expr{Kind: ir.ExprAgg, Name: "max", Args: []*ir.Expr{col("order_id")}},
			[]Column{{Name: "a", Type: "int64"}}},
		{"max_by", &ir.Expr{Kind: ir.ExprAgg, Name: "max_by", Args: []*ir.Expr{col("status"), col("event_time")}},
			[]Column{{Name: "a", Type: "string"}, {Name: "a.ordering", Type: "timestamp"}}},
		{"min_by", &ir.Expr{Kind: ir.ExprAgg, Name: "min_by", Args: []*ir.Expr{col("order_id"), col("status")}},
			[]Column{{Name: "a", Type: "int64"}, {Name: "a.ordering", Type: "string"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, aggBuffer(ir.NamedExpr{Name: "a", Expr: tt.agg}, cols)); diff != "" {
				t.Errorf("buffer (-want +got):\n%s", diff)
			}
		})
	}
}
