package pyspark

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestJoinSameNamedKeys: a join with an event-time range keeps one column
// per same-named key (the DSL's rule), the one of the side never NULL.
func TestJoinSameNamedKeys(t *testing.T) {
	rng := &ir.TimeRange{LeftTime: "placed_at", RightTime: "paid_at", Lower: "0s", Upper: "1h0m0s"}
	const cond = `F.expr("l.` + "`order_id`" + ` = r.` + "`order_id`" + ` AND r.` + "`paid_at`" + ` BETWEEN l.` + "`placed_at`" +
		` + INTERVAL '0 seconds' AND l.` + "`placed_at`" + ` + INTERVAL '1 hour'")`
	tests := []struct {
		name string
		join ir.Join
		want string
	}{
		{"inner drops the right key", ir.Join{Type: ir.JoinInner, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}, TimeRange: rng},
			`a.alias("l").join(b.alias("r"), ` + cond + `, "inner").drop(F.col("r.` + "`order_id`" + `"))`},
		{"right outer drops the left key", ir.Join{Type: ir.JoinRight, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}, TimeRange: rng},
			`a.alias("l").join(b.alias("r"), ` + cond + `, "right_outer").drop(F.col("l.` + "`order_id`" + `"))`},
		{"keys of other names are both kept", ir.Join{Type: ir.JoinInner, LeftKeys: []string{"order_id"}, RightKeys: []string{"paid_order_id"}},
			`a.alias("l").join(b.alias("r"), F.expr("l.` + "`order_id`" + ` = r.` + "`paid_order_id`" + `"), "inner")`},
		{"same names without a range join on the names", ir.Join{Type: ir.JoinLeft, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}},
			`a.join(b, ["order_id"], "left_outer")`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			j := tc.join
			if got := join(&ir.Node{Join: &j}, []string{"a", "b"}); got != tc.want {
				t.Errorf("join:\n got  %s\n want %s", got, tc.want)
			}
		})
	}
}
