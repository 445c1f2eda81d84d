package infer_test

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

func str(v string) *ir.Expr      { return lit(v, typ(contracts.KindString)) }
func int32Lit(v string) *ir.Expr { return lit(v, typ(contracts.KindInt32)) }

// TestTextFunctionTypes: the result type and nullability of the text,
// URL, membership and conditional functions (status is required, coupon
// optional).
func TestTextFunctionTypes(t *testing.T) {
	tBool, tStr, tInt := typ(contracts.KindBool), typ(contracts.KindString), typ(contracts.KindInt32)
	tests := []struct {
		name     string
		expr     *ir.Expr
		want     contracts.Type
		nullable bool
	}{
		{"startswith", fn("startswith", col("status"), str("p")), tBool, false},
		{"contains of an optional", fn("contains", col("coupon"), str("x")), tBool, true},
		{"like", fn("like", col("status"), str(`p\_%`)), tBool, false},
		{"in", fn("in", col("status"), str("a"), str("b")), tBool, false},
		{"in of numbers", fn("in", col("total"), lit("1.5", dec(2, 1))), tBool, false},
		{"nullif may be NULL", fn("nullif", col("status"), str("a")), tStr, true},
		{"greatest of required", fn("greatest", col("order_id"), col("customer_id")), typ(contracts.KindInt64), false},
		{"greatest skips NULLs", fn("greatest", col("coupon"), col("status")), tStr, false},
		{"least of optionals", fn("least", col("coupon"), col("coupon")), tStr, true},
		{"concat_ws never NULL", fn("concat_ws", str(","), col("coupon")), tStr, false},
		{"parse_url may be NULL", fn("try_parse_url", col("status"), str("HOST")), tStr, true},
		{"parse_url query key", fn("try_parse_url", col("status"), str("QUERY"), str("utm_source")), tStr, true},
		{"url_decode may be NULL", fn("try_url_decode", col("status")), tStr, true},
		{"url_encode", fn("url_encode", col("status")), tStr, false},
		{"instr", fn("instr", col("status"), str("a")), tInt, false},
		{"locate", fn("locate", str("a"), col("status"), int32Lit("2")), tInt, false},
		{"octet_length", fn("octet_length", col("coupon")), tInt, true},
		{"lpad", fn("lpad", col("status"), int32Lit("5"), str("0")), tStr, false},
		{"split_part", fn("split_part", col("status"), str(","), int32Lit("-1")), tStr, false},
		{"initcap", fn("initcap", col("status")), tStr, false},
		{"rlike", fn("rlike", col("status"), str(`^p\w+`)), tBool, false},
		{"regexp_extract", fn("regexp_extract", col("status"), str(`(\d+)-(\d+)`), int32Lit("2")), tStr, false},
		{"regexp_replace", fn("regexp_replace", col("coupon"), str(`\s+`), str(" ")), tStr, true},
		{"regexp_count", fn("regexp_count", col("status"), str(`a`)), tInt, false},
		{"regexp_substr may be NULL", fn("regexp_substr", col("status"), str(`a+`)), tStr, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, diags := infer.Plan(project(tt.expr), inputs)
			if diags.Err() != nil {
				t.Fatal(diags)
			}
			c := s.Columns[0]
			if diff := cmp.Diff(tt.want, c.Type); diff != "" || c.Nullable != tt.nullable {
				t.Errorf("type (-want +got):\n%s nullable=%t want %t", diff, c.Nullable, tt.nullable)
			}
		})
	}
}

// TestTextFunctionDiagnostics: wrong types are ETL-D221; arguments that
// must be literals of a certain form are ETL-D235.
func TestTextFunctionDiagnostics(t *testing.T) {
	tests := []struct {
		name string
		expr *ir.Expr
		want string
	}{
		{"startswith of a number", fn("startswith", col("order_id"), str("1")), ir.CodeTypeMismatch},
		{"nullif mixes types", fn("nullif", col("status"), col("order_id")), ir.CodeTypeMismatch},
		{"greatest of one", fn("greatest", col("order_id")), ir.CodeTypeMismatch},
		{"greatest mixes decimals", fn("greatest", col("total"), lit("1.5", dec(2, 1))), ir.CodeTypeMismatch},
		{"lpad with a string count", fn("lpad", col("status"), str("5"), str("0")), ir.CodeTypeMismatch},
		{"like with a column pattern", fn("like", col("status"), col("coupon")), ir.CodeFuncArgument},
		{"like with a bad escape", fn("like", col("status"), str(`a\b`)), ir.CodeFuncArgument},
		{"like ending in an escape", fn("like", col("status"), str(`a\`)), ir.CodeFuncArgument},
		{"like beyond the BMP", fn("like", col("status"), str("%😀%")), ir.CodeFuncArgument},
		{"in with a column", fn("in", col("status"), col("coupon")), ir.CodeFuncArgument},
		{"split_part index 0", fn("split_part", col("status"), str(","), int32Lit("0")), ir.CodeFuncArgument},
		{"split_part index not literal", fn("split_part", col("status"), str(","), col("qty")), ir.CodeFuncArgument},
		{"parse_url unknown part", fn("try_parse_url", col("status"), str("HOSTNAME")), ir.CodeFuncArgument},
		{"parse_url part not literal", fn("try_parse_url", col("status"), col("status")), ir.CodeFuncArgument},
		{"parse_url key with HOST", fn("try_parse_url", col("status"), str("HOST"), str("a")), ir.CodeFuncArgument},
		{"parse_url regex key", fn("try_parse_url", col("status"), str("QUERY"), str("a.b")), ir.CodeFuncArgument},
		{"concat_ws column separator", fn("concat_ws", col("status"), col("status")), ir.CodeFuncArgument},
		{"repeat count beyond INT", fn("repeat", col("status"), int32Lit("3000000000")), ir.CodeFuncArgument},
		{"rlike of a number", fn("rlike", col("order_id"), str("1")), ir.CodeTypeMismatch},
		{"rlike with $", fn("rlike", col("status"), str(`paid$`)), ir.CodeFuncArgument},
		{"rlike with lookahead", fn("rlike", col("status"), str(`p(?=a)`)), ir.CodeFuncArgument},
		{"rlike with a column pattern", fn("rlike", col("status"), col("coupon")), ir.CodeFuncArgument},
		{"regexp_extract group past the groups", fn("regexp_extract", col("status"), str(`(a)`), int32Lit("2")), ir.CodeFuncArgument},
		{"regexp_extract negative group", fn("regexp_extract", col("status"), str(`(a)`), int32Lit("-1")), ir.CodeFuncArgument},
		{"regexp_replace empty match", fn("regexp_replace", col("status"), str(`b*`), str("-")), ir.CodeFuncArgument},
		{"regexp_replace group reference", fn("regexp_replace", col("status"), str(`(b)`), str("$1")), ir.CodeFuncArgument},
		{"regexp_count empty match", fn("regexp_count", col("status"), str(`a?`)), ir.CodeFuncArgument},
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
