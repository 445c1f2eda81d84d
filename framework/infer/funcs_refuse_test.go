package infer_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
)

// TestFuncArgumentsRefused: the math and time functions on arguments of
// the wrong type (ETL-D221), on arguments the engines would treat
// differently (ETL-D229) and with a bad duration (ETL-D210), each with
// a message that names the problem.
func TestFuncArgumentsRefused(t *testing.T) {
	i32 := typ(contracts.KindInt32)
	str := typ(contracts.KindString)
	tests := []struct {
		name, code, msg string
		expr            *ir.Expr
	}{
		{"abs of an integer", ir.CodeTypeMismatch, "want a double or a decimal", fn("abs", col("qty"))},
		{"sqrt of a string", ir.CodeTypeMismatch, "needs one number", fn("sqrt", col("status"))},
		{"round to a column scale", ir.CodeTypeMismatch, "integer literal", fn("round", col("total"), col("qty"))},
		{"mod by a column", ir.CodeEngineDiffers, "not a literal", fn("mod", col("qty"), col("qty"))},
		{"pmod by zero", ir.CodeEngineDiffers, "divisor is zero", fn("pmod", col("price"), lit("-0", typ(contracts.KindFloat64)))},
		{"mod by decimal zero", ir.CodeEngineDiffers, "divisor is zero", fn("mod", col("total"), lit("0.00", dec(3, 2)))},
		{"negative of a wide decimal", ir.CodeEngineDiffers, "34 digits", fn("negative", &ir.Expr{Kind: ir.ExprCast, Type: &contracts.Type{Kind: contracts.KindDecimal, Precision: 36, Scale: 2}, Args: []*ir.Expr{col("total")}})},
		{"round an integer left of the point", ir.CodeEngineDiffers, "negative scale", fn("round", col("qty"), lit("-1", i32))},
		{"dayofweek of a string", ir.CodeTypeMismatch, "want a date or a timestamp", fn("dayofweek", col("status"))},
		{"date_add of BIGINT days", ir.CodeTypeMismatch, "INT number of days", fn("date_add", col("event_time"), col("order_id"))},
		{"timestampdiff in months", ir.CodeEngineDiffers, "fixed-length units", fn("timestampdiff", lit("month", str), col("event_time"), col("event_time"))},
		{"timestampdiff with a column unit", ir.CodeTypeMismatch, "unit literal", fn("timestampdiff", col("status"), col("event_time"), col("event_time"))},
		{"bad duration", ir.CodeBadDuration, "duration 15 parsecs", fn("add_interval", col("event_time"), lit("15 parsecs", str))},
		{"nanosecond duration", ir.CodeBadDuration, "whole microseconds", fn("add_interval", col("event_time"), lit("1500ns", str))},
		{"date_format with a month name", ir.CodeEngineDiffers, `pattern "dd MMM yyyy" at offset 3: "MMM"`, fn("date_format", col("event_time"), lit("dd MMM yyyy", str))},
		{"date_format with a bare T", ir.CodeEngineDiffers, "at offset 10", fn("date_format", col("event_time"), lit("yyyy-MM-ddTHH", str))},
		{"date_format with an open quote", ir.CodeEngineDiffers, "unclosed or empty quote", fn("date_format", col("event_time"), lit("yyyy'T", str))},
		{"date_format of a string", ir.CodeTypeMismatch, "pattern literal", fn("date_format", col("status"), lit("yyyy", str))},
		{"try_to_timestamp with am/pm", ir.CodeEngineDiffers, `at offset 6: "a" is not in the pattern subset`, fn("try_to_timestamp", col("status"), lit("HH:mm a", str))},
		{"try_to_timestamp of a timestamp", ir.CodeTypeMismatch, "a string and a pattern literal", fn("try_to_timestamp", col("event_time"), lit("yyyy", str))},
		{"duration from a column", ir.CodeTypeMismatch, "duration literal", fn("add_interval", col("event_time"), col("status"))},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, diags := infer.Plan(project(tt.expr), inputs)
			if len(diags) != 1 || diags[0].Code != tt.code || !strings.Contains(diags[0].Message, tt.msg) || diags[0].Hint == "" {
				t.Errorf("diagnostics %v, want one %s saying %q, with a hint", diags, tt.code, tt.msg)
			}
		})
	}
}

// TestTryToTimestampIsNullable: try_to_timestamp of a required string may
// be NULL (a text that does not match), unlike the strict functions.
func TestTryToTimestampIsNullable(t *testing.T) {
	for _, tt := range []struct {
		expr     *ir.Expr
		nullable bool
	}{
		{fn("try_to_timestamp", col("status"), lit("yyyy", typ(contracts.KindString))), true},
		{fn("date_format", col("event_time"), lit("yyyy", typ(contracts.KindString))), false},
	} {
		s, diags := infer.Plan(project(tt.expr), inputs)
		if len(diags) > 0 || s.Columns[0].Nullable != tt.nullable {
			t.Errorf("%s: nullable %v, diagnostics %v; want nullable %v", tt.expr.Name, s.Columns[0].Nullable, diags, tt.nullable)
		}
	}
}
