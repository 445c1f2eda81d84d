package localengine

import (
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
)

// TestExprNullSemantics: SQL three-valued logic and NULL propagation.
func TestExprNullSemantics(t *testing.T) {
	kind := func(k contracts.Kind) contracts.Type { return contracts.Type{Kind: k} }
	s := NewSchema([]Column{{Name: "n", Type: kind(contracts.KindInt64)}, {Name: "i", Type: kind(contracts.KindInt64)},
		{Name: "d", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 3, Scale: 2}},
		{Name: "s", Type: kind(contracts.KindString)}, {Name: "b", Type: kind(contracts.KindBool)}})
	row := Row{nil, int64(7), decimal.RequireFromString("1.25"), "Ab", true}
	null := col("n")
	tests := []struct {
		name string
		e    *ir.Expr
		want any
	}{
		{"null = 1 is null", call("=", null, lit("1", contracts.KindInt64)), nil},
		{"false and null is false", call("and", lit("false", contracts.KindBool), null), false},
		{"true and null is null", call("and", col("b"), null), nil},
		{"true or null is true", call("or", col("b"), null), true},
		{"false or null is null", call("or", lit("false", contracts.KindBool), null), nil},
		{"not null is null", call("not", null), nil},
		{"isnull", call("isnull", null), true},
		{"isnotnull", call("isnotnull", col("i")), true},
		{"coalesce", call("coalesce", null, col("s")), "Ab"},
		{"int + decimal", call("+", col("i"), col("d")), decimal.RequireFromString("8.25")},
		{"int / int is a double", call("/", col("i"), lit("2", contracts.KindInt64)), 3.5},
		// ANSI mode: the row fails the batch (Spark's DIVIDE_BY_ZERO)
		{"division by zero fails", call("/", col("i"), lit("0", contracts.KindInt64)), evalErr(classDivByZero, "division by zero")},
		{"a failed row stays failed", call("isnull", call("/", col("i"), lit("0", contracts.KindInt64))), evalErr(classDivByZero, "division by zero")},
		{"false and a failed row is false", call("and", lit("false", contracts.KindBool), call("=", call("/", col("i"), lit("0", contracts.KindInt64)), lit("1", contracts.KindFloat64))), false},
		{"bigint overflow fails", call("*", col("i"), lit("9223372036854775807", contracts.KindInt64)), evalErr(classOverflow, "bigint overflow: 7 * 9223372036854775807")},
		{"int = decimal compares numerically", call("<", col("d"), col("i")), true},
		{"lower", call("lower", col("s")), "ab"},
		{"case", &ir.Expr{Kind: ir.ExprCase, Args: []*ir.Expr{null, lit("x", contracts.KindString), lit("y", contracts.KindString)}}, "y"},
		{"hour", call("hour", lit("2026-07-15T10:30:00Z", contracts.KindTimestamp)), int32(10)},
		// Spark: CAST(timestamp AS BIGINT) is the epoch seconds, rounded down.
		{"timestamp as bigint", cast(lit("2026-07-15T10:30:00.9Z", contracts.KindTimestamp), contracts.KindInt64), int64(1784111400)},
		{"timestamp before 1970 as bigint", cast(lit("1969-12-31T23:59:59.5Z", contracts.KindTimestamp), contracts.KindInt64), int64(-1)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			f, err := exprs{}.compile(tc.e, s)
			if err != nil {
				t.Fatal(err)
			}
			got := f(row)
			if d, ok := got.(decimal.Decimal); ok {
				if !d.Equal(tc.want.(decimal.Decimal)) {
					t.Errorf("got %s, want %s", d, tc.want)
				}
				return
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
	_ = time.Second
}

// cast is a CAST of e to a type of kind k.
func cast(e *ir.Expr, k contracts.Kind) *ir.Expr {
	return &ir.Expr{Kind: ir.ExprCast, Type: &contracts.Type{Kind: k}, Args: []*ir.Expr{e}}
}
