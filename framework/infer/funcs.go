package infer

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// rule computes a function's result from its inferred arguments, or
// returns a message when the arguments do not fit.
type rule func(args []value) (contracts.Type, string)

var (
	tBool      = contracts.Type{Kind: contracts.KindBool}
	tString    = contracts.Type{Kind: contracts.KindString}
	tInt32     = contracts.Type{Kind: contracts.KindInt32}
	tInt64     = contracts.Type{Kind: contracts.KindInt64}
	tFloat     = contracts.Type{Kind: contracts.KindFloat64}
	tTimestamp = contracts.Type{Kind: contracts.KindTimestamp}
	tDate      = contracts.Type{Kind: contracts.KindDate}
)

// functions lists every scalar function of the IR and its typing rule.
// nullSafe functions (isnull, isnotnull) never return NULL; the others are
// NULL when an argument is (coalesce when all are).
var functions = map[string]rule{
	"+": arith("+"), "-": arith("-"), "*": arith("*"), "/": arith("/"),
	"=": compare, "!=": compare, "<": compare, "<=": compare, ">": compare, ">=": compare,
	"and": allOf(contracts.KindBool, tBool), "or": allOf(contracts.KindBool, tBool), "not": allOf(contracts.KindBool, tBool),
	"isnull": anyArgs(tBool), "isnotnull": anyArgs(tBool),
	"coalesce": coalesce,
	"lower":    allOf(contracts.KindString, tString), "upper": allOf(contracts.KindString, tString),
	"trim": allOf(contracts.KindString, tString), "concat": allOf(contracts.KindString, tString),
	"length":     allOf(contracts.KindString, tInt32),
	"substring":  firstIs(contracts.KindString, tString),
	"date_trunc": lastIs(contracts.KindTimestamp, tTimestamp),
	"to_date":    allOf(contracts.KindTimestamp, tDate),
	"year":       allOf(contracts.KindTimestamp, tInt32), "month": allOf(contracts.KindTimestamp, tInt32),
	"dayofmonth": allOf(contracts.KindTimestamp, tInt32), "hour": allOf(contracts.KindTimestamp, tInt32),
	"minute": allOf(contracts.KindTimestamp, tInt32),
	"asc":    passThrough, "desc": passThrough,
}

// call infers a scalar function call.
func (w *walker) call(e *ir.Expr, s Schema, pos diag.Position) value {
	r, ok := functions[e.Name]
	if !ok {
		w.errorf(ir.CodeTypeMismatch, pos, "use a function of the etl DSL", "unknown function %s", e.Name)
		return value{}
	}
	args, ok := w.args(e, s, pos)
	if !ok {
		return value{}
	}
	t, msg := r(args)
	if msg != "" {
		w.errorf(ir.CodeTypeMismatch, pos, "convert the arguments with etl.Cast", "%s: %s", e.Name, msg)
		return value{}
	}
	out := value{t: t, ok: true}
	for _, a := range args {
		out.nullable = out.nullable || a.nullable
		out.lineage = mergeLineage(out.lineage, a.lineage)
	}
	switch e.Name {
	case "isnull", "isnotnull":
		out.nullable = false
	case "coalesce":
		out.nullable = allNullable(args)
	}
	return out
}

// allNullable reports whether every argument may be NULL.
func allNullable(args []value) bool {
	for _, a := range args {
		if !a.nullable {
			return false
		}
	}
	return len(args) > 0
}

// numeric reports whether k is a number kind.
func numeric(k contracts.Kind) bool {
	switch k {
	case contracts.KindInt32, contracts.KindInt64, contracts.KindFloat64, contracts.KindDecimal:
		return true
	}
	return false
}

// arith types a binary arithmetic operator as Spark does.
func arith(op string) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) != 2 || !numeric(args[0].t.Kind) || !numeric(args[1].t.Kind) {
			return contracts.Type{}, "needs two numbers"
		}
		a, b := args[0].t, args[1].t
		switch {
		case a.Kind == contracts.KindFloat64 || b.Kind == contracts.KindFloat64:
			return tFloat, ""
		case a.Kind == contracts.KindDecimal || b.Kind == contracts.KindDecimal:
			da, _ := asDecimal(a)
			db, _ := asDecimal(b)
			return decimalArith(op, da, db), ""
		case op == "/":
			return tFloat, ""
		case a.Kind == contracts.KindInt64 || b.Kind == contracts.KindInt64:
			return tInt64, ""
		}
		return tInt32, ""
	}
}

// compare types a comparison: both sides of one kind (numbers compare with
// numbers), result bool.
func compare(args []value) (contracts.Type, string) {
	if len(args) != 2 {
		return contracts.Type{}, "needs two arguments"
	}
	a, b := args[0].t.Kind, args[1].t.Kind
	if a != b && !(numeric(a) && numeric(b)) {
		return contracts.Type{}, "compares " + string(a) + " with " + string(b)
	}
	return tBool, ""
}

// allOf requires every argument (at least one) to be of kind k.
func allOf(k contracts.Kind, res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) == 0 {
			return contracts.Type{}, "needs arguments"
		}
		for _, a := range args {
			if a.t.Kind != k {
				return contracts.Type{}, "argument of type " + string(a.t.Kind) + ", want " + string(k)
			}
		}
		return res, ""
	}
}

// firstIs requires the first argument to be of kind k.
func firstIs(k contracts.Kind, res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) == 0 || args[0].t.Kind != k {
			return contracts.Type{}, "first argument must be " + string(k)
		}
		return res, ""
	}
}

// lastIs requires the last argument to be of kind k.
func lastIs(k contracts.Kind, res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) == 0 || args[len(args)-1].t.Kind != k {
			return contracts.Type{}, "last argument must be " + string(k)
		}
		return res, ""
	}
}

// anyArgs accepts one argument of any type.
func anyArgs(res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) != 1 {
			return contracts.Type{}, "needs one argument"
		}
		return res, ""
	}
}

// coalesce requires arguments of one type.
func coalesce(args []value) (contracts.Type, string) {
	if len(args) == 0 {
		return contracts.Type{}, "needs arguments"
	}
	for _, a := range args[1:] {
		if !sameType(a.t, args[0].t) {
			return contracts.Type{}, "mixes " + typeString(args[0].t) + " and " + typeString(a.t)
		}
	}
	return args[0].t, ""
}

// passThrough returns its single argument's type.
func passThrough(args []value) (contracts.Type, string) {
	if len(args) != 1 {
		return contracts.Type{}, "needs one argument"
	}
	return args[0].t, ""
}
