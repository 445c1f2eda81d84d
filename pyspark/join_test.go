package pyspark

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestJoinSameNamedKeys: a join with an explicit condition keeps one column
// per same-named key (the DSL's rule): the one of the side never NULL, or for
// a full outer join coalesce(l.k, r.k) in the left key's place.
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
		{"full outer merges the key with coalesce in the left key's place", ir.Join{Type: ir.JoinFull, LeftKeys: []string{"order_id"}, RightKeys: []string{"order_id"}, TimeRange: rng},
			`a.alias("l").join(b.alias("r"), ` + cond + `, "full_outer").select(*[F.coalesce(F.col("l.` + "`order_id`" + `"), F.col("r.` + "`order_id`" + `")).alias("order_id") if c == "order_id" else ` +
				`F.col("l." + "` + "`" + `" + c.replace("` + "`" + `", "` + "``" + `") + "` + "`" + `") for c in a.columns], *[F.col("r." + "` + "`" + `" + c.replace("` + "`" + `", "` + "``" + `") + "` + "`" + `") for c in b.columns if c not in ("order_id",)])`},
		{"full outer merges each same-named key, keeps keys of other names", ir.Join{Type: ir.JoinFull, LeftKeys: []string{"order_id", "region"}, RightKeys: []string{"order_id", "pay_region"}},
			`a.alias("l").join(b.alias("r"), F.expr("l.` + "`order_id`" + ` = r.` + "`order_id`" + ` AND l.` + "`region`" + ` = r.` + "`pay_region`" + `"), "full_outer").select(*[F.coalesce(F.col("l.` + "`order_id`" + `"), F.col("r.` + "`order_id`" + `")).alias("order_id") if c == "order_id" else ` +
				`F.col("l." + "` + "`" + `" + c.replace("` + "`" + `", "` + "``" + `") + "` + "`" + `") for c in a.columns], *[F.col("r." + "` + "`" + `" + c.replace("` + "`" + `", "` + "``" + `") + "` + "`" + `") for c in b.columns if c not in ("order_id",)])`},
		{"full outer with keys of other names keeps both", ir.Join{Type: ir.JoinFull, LeftKeys: []string{"order_id"}, RightKeys: []string{"paid_order_id"}, TimeRange: rng},
			`a.alias("l").join(b.alias("r"), F.expr("l.` + "`order_id`" + ` = r.` + "`paid_order_id`" + ` AND r.` + "`paid_at`" + ` BETWEEN l.` + "`placed_at`" +
				` + INTERVAL '0 seconds' AND l.` + "`placed_at`" + ` + INTERVAL '1 hour'"), "full_outer")`},
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
