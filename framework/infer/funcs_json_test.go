package infer_test

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

// TestJSONArrayTypes: the result types and nullability of the JSON and
// array functions (status is required, coupon optional).
func TestJSONArrayTypes(t *testing.T) {
	split := func(s *ir.Expr) *ir.Expr { return fn("split", s, str(`,\s*`)) }
	tests := []struct {
		name     string
		expr     *ir.Expr
		want     contracts.Kind
		nullable bool
	}{
		{"json_valid never NULL", fn("json_valid", col("coupon")), contracts.KindBool, false},
		{"json_get string", fn("json_get", col("status"), str("$.a['b c'][0]"), str("string")), contracts.KindString, true},
		{"json_get bigint", fn("json_get", col("status"), str("$.n"), str("bigint")), contracts.KindInt64, true},
		{"json_get int", fn("json_get", col("status"), str("$"), str("int")), contracts.KindInt32, true},
		{"json_get boolean", fn("json_get", col("status"), str(`$["x"]`), str("boolean")), contracts.KindBool, true},
		{"size", fn("size", split(col("status"))), contracts.KindInt32, false},
		{"size of an optional", fn("size", split(col("coupon"))), contracts.KindInt32, true},
		{"element_at may be NULL", fn("try_element_at", split(col("status")), int32Lit("-1")), contracts.KindString, true},
		{"array_contains", fn("array_contains", split(col("status")), col("status")), contracts.KindBool, false},
		{"array_join", fn("array_join", split(col("status")), str("|")), contracts.KindString, false},
		{"array function inside a function", fn("upper", fn("array_join", split(fn("lower", col("status"))), str("|"))), contracts.KindString, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := infer.Plan(project(tt.expr), inputs)
			if diags.Err() != nil {
				t.Fatal(diags)
			}
			if c := s.Columns[0]; c.Type.Kind != tt.want || c.Nullable != tt.nullable {
				t.Errorf("got %s nullable=%t, want %s nullable=%t", c.Type.Kind, c.Nullable, tt.want, tt.nullable)
			}
		})
	}
}

// TestJSONArrayDiagnostics: a path outside the subset, an index 0 and a
// pattern that matches the empty string are ETL-D235; split's array
// anywhere but the first argument of an array function, and an array
// function on anything else, are ETL-D237.
func TestJSONArrayDiagnostics(t *testing.T) {
	split := fn("split", col("status"), str(","))
	tests := []struct {
		name string
		expr *ir.Expr
		want string
	}{
		{"json_get without $", fn("json_get", col("status"), str("a.b"), str("string")), ir.CodeFuncArgument},
		{"json_get wildcard", fn("json_get", col("status"), str("$.*"), str("string")), ir.CodeFuncArgument},
		{"json_get negative index", fn("json_get", col("status"), str("$[-1]"), str("string")), ir.CodeFuncArgument},
		{"json_get quote in a key", fn("json_get", col("status"), str(`$['a\'b']`), str("string")), ir.CodeFuncArgument},
		{"json_get trailing dot", fn("json_get", col("status"), str("$.a."), str("string")), ir.CodeFuncArgument},
		{"json_get column path", fn("json_get", col("status"), col("status"), str("string")), ir.CodeFuncArgument},
		{"json_get double", fn("json_get", col("status"), str("$.a"), str("double")), ir.CodeTypeMismatch},
		{"json_get of a number", fn("json_get", col("order_id"), str("$.a"), str("string")), ir.CodeTypeMismatch},
		{"json_valid of a number", fn("json_valid", col("order_id")), ir.CodeTypeMismatch},
		{"split as a column", split, ir.CodeArrayValue},
		{"split inside upper", fn("upper", split), ir.CodeArrayValue},
		{"split as array_contains' value", fn("array_contains", split, split), ir.CodeArrayValue},
		{"split of split", fn("size", fn("split", split, str(","))), ir.CodeArrayValue},
		{"size of a string", fn("size", col("status")), ir.CodeArrayValue},
		{"split matching empty", fn("size", fn("split", col("status"), str(",*"))), ir.CodeFuncArgument},
		{"split with $", fn("size", fn("split", col("status"), str(",$"))), ir.CodeFuncArgument},
		{"element_at 0", fn("try_element_at", split, int32Lit("0")), ir.CodeFuncArgument},
		{"element_at column index", fn("try_element_at", split, col("qty")), ir.CodeFuncArgument},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := infer.Plan(project(tt.expr), inputs)
			if diff := cmp.Diff([]string{tt.want}, diags.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s\n%v", diff, diags)
			}
		})
	}
}
