package planner

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// typeString renders a contract type compactly: int64, decimal(18,2),
// array<string>, struct<a:int64>.
func typeString(t *contracts.Type) string {
	if t == nil {
		return "unknown"
	}
	switch t.Kind {
	case contracts.KindDecimal:
		return fmt.Sprintf("decimal(%d,%d)", t.Precision, t.Scale)
	case contracts.KindArray:
		return "array<" + typeString(t.Elem) + ">"
	case contracts.KindStruct:
		parts := make([]string, len(t.Fields))
		for i, f := range t.Fields {
			parts[i] = f.Name + ":" + typeString(&f.Type)
		}
		return "struct<" + strings.Join(parts, ",") + ">"
	}
	return string(t.Kind)
}

// exprString renders an expression in a compact SQL-like form used in
// manifests, plan reports and messages.
func exprString(e *ir.Expr) string {
	if e == nil {
		return "?"
	}
	switch e.Kind {
	case ir.ExprColumn:
		return e.Name
	case ir.ExprLiteral:
		if e.Type != nil && e.Type.Kind == contracts.KindString {
			return fmt.Sprintf("%q", e.Value)
		}
		return e.Value
	case ir.ExprCast:
		return fmt.Sprintf("cast(%s as %s)", argString(e, 0), typeString(e.Type))
	case ir.ExprAgg:
		if e.Distinct {
			return fmt.Sprintf("%s(distinct %s)", e.Name, argsString(e.Args))
		}
		return fmt.Sprintf("%s(%s)", e.Name, argsString(e.Args))
	case ir.ExprCase:
		return "case(" + argsString(e.Args) + ")"
	}
	return fmt.Sprintf("%s(%s)", e.Name, argsString(e.Args))
}

func argString(e *ir.Expr, i int) string {
	if i < len(e.Args) {
		return exprString(e.Args[i])
	}
	return "?"
}

func argsString(args []*ir.Expr) string {
	parts := make([]string, len(args))
	for i, a := range args {
		parts[i] = exprString(a)
	}
	return strings.Join(parts, ", ")
}

// exprType infers an expression's type from the input column types; "" when
// the planner cannot tell (the DSL's schema inference is the authority).
func exprType(e *ir.Expr, cols map[string]string) string {
	if e == nil {
		return ""
	}
	switch e.Kind {
	case ir.ExprColumn:
		return cols[e.Name]
	case ir.ExprLiteral, ir.ExprCast:
		if e.Type != nil {
			return typeString(e.Type)
		}
	case ir.ExprAgg:
		return aggType(e, cols)
	case ir.ExprCase:
		if len(e.Args) > 1 {
			return exprType(e.Args[1], cols)
		}
	case ir.ExprCall:
		return callType(e, cols)
	}
	return ""
}

func aggType(e *ir.Expr, cols map[string]string) string {
	in := ""
	if len(e.Args) > 0 {
		in = exprType(e.Args[0], cols)
	}
	switch strings.ToLower(e.Name) {
	case "count", "approx_count_distinct":
		return "int64"
	case "avg", "mean":
		var p, s int
		if _, err := fmt.Sscanf(in, "decimal(%d,%d)", &p, &s); err == nil {
			return fmt.Sprintf("decimal(%d,%d)", min(38, p+4), min(38, s+4))
		}
		return "float64"
	case "sum":
		return sumType(in)
	}
	return in
}

var boolCalls = map[string]bool{
	"eq": true, "ne": true, "lt": true, "le": true, "gt": true, "ge": true,
	"and": true, "or": true, "not": true, "isnull": true, "isnotnull": true,
	"in": true, "like": true, "=": true, "!=": true, "<": true, "<=": true,
	">": true, ">=": true, "startswith": true, "endswith": true, "contains": true, "rlike": true,
}

// int32Calls are the text and regex functions whose result is an INT
// whatever their arguments.
var int32Calls = map[string]bool{"instr": true, "locate": true, "octet_length": true, "regexp_count": true}

func callType(e *ir.Expr, cols map[string]string) string {
	if boolCalls[strings.ToLower(e.Name)] {
		return "bool"
	}
	if int32Calls[strings.ToLower(e.Name)] {
		return "int32"
	}
	if len(e.Args) > 0 {
		return exprType(e.Args[0], cols)
	}
	return ""
}

// sumType is Spark's result type of sum: long for integers, double for
// floats, decimal(p+10, s) capped at 38 for decimals.
func sumType(in string) string {
	var p, s int
	if _, err := fmt.Sscanf(in, "decimal(%d,%d)", &p, &s); err == nil {
		return fmt.Sprintf("decimal(%d,%d)", min(38, p+10), s)
	}
	if in == "int32" {
		return "int64"
	}
	return in
}
