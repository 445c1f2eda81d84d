package etl

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
	gocmp "github.com/google/go-cmp/cmp"
)

// TestByAggregates: MinBy and MaxBy write min_by/max_by with the value
// first and the ordering second, named fn_value_ordering by default.
func TestByAggregates(t *testing.T) {
	status, at := NewCol[string]("status"), NewCol[time.Time]("event_time")
	col := func(n string) *ir.Expr { return &ir.Expr{Kind: ir.ExprColumn, Name: n} }
	tests := []struct {
		name string
		agg  Aggregation
		want ir.NamedExpr
	}{
		{"min_by", MinBy(status, at), ir.NamedExpr{Name: "min_by_status_event_time",
			Expr: &ir.Expr{Kind: ir.ExprAgg, Name: "min_by", Args: []*ir.Expr{col("status"), col("event_time")}}}},
		{"max_by named", MaxBy(status, at).As(NewCol[string]("latest_status")), ir.NamedExpr{Name: "latest_status",
			Expr: &ir.Expr{Kind: ir.ExprAgg, Name: "max_by", Args: []*ir.Expr{col("status"), col("event_time")}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := gocmp.Diff(tt.want, tt.agg.aggregation()); diff != "" {
				t.Errorf("aggregation (-want +got):\n%s", diff)
			}
		})
	}
}
