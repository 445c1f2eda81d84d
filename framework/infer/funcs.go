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

// functions holds the typing rule of every scalar function of the IR: the
// core rules, then one map per family of functions (funcs_<family>.go).
// When a result is NULL (and so whether it may be) is ir's table's Nulls.
var functions = ir.MergeTables(coreRules,
	mathRules,
	timeRules,
	textFunctions,
	regexFunctions,
	jsonRules,
	arrayRules,
)

// coreRules are the typing rules of the operators and first functions.
var coreRules = map[ir.Func]rule{
	ir.FuncAdd: arith(ir.FuncAdd), ir.FuncSub: arith(ir.FuncSub),
	ir.FuncMul: arith(ir.FuncMul), ir.FuncDiv: arith(ir.FuncDiv),
	ir.FuncEq: compare, ir.FuncNe: compare, ir.FuncLt: compare,
	ir.FuncLe: compare, ir.FuncGt: compare, ir.FuncGe: compare,
	ir.FuncAnd:        allOf(contracts.KindBool, tBool),
	ir.FuncOr:         allOf(contracts.KindBool, tBool),
	ir.FuncNot:        allOf(contracts.KindBool, tBool),
	ir.FuncIsNull:     anyArgs(tBool),
	ir.FuncIsNotNull:  anyArgs(tBool),
	ir.FuncCoalesce:   coalesce,
	ir.FuncLower:      allOf(contracts.KindString, tString),
	ir.FuncUpper:      allOf(contracts.KindString, tString),
	ir.FuncTrim:       allOf(contracts.KindString, tString),
	ir.FuncConcat:     allOf(contracts.KindString, tString),
	ir.FuncLength:     allOf(contracts.KindString, tInt32),
	ir.FuncSubstring:  firstIs(contracts.KindString, tString),
	ir.FuncDateTrunc:  lastIs(contracts.KindTimestamp, tTimestamp),
	ir.FuncToDate:     allOf(contracts.KindTimestamp, tDate),
	ir.FuncYear:       allOf(contracts.KindTimestamp, tInt32),
	ir.FuncMonth:      allOf(contracts.KindTimestamp, tInt32),
	ir.FuncDayOfMonth: allOf(contracts.KindTimestamp, tInt32),
	ir.FuncHour:       allOf(contracts.KindTimestamp, tInt32),
	ir.FuncMinute:     allOf(contracts.KindTimestamp, tInt32),
	ir.FuncWindowTime: allOf(contracts.KindTimestamp, tTimestamp),
	ir.FuncAsc:        passThrough,
	ir.FuncDesc:       passThrough,
}

// call infers a scalar function call. The typing rule reports a wrong
// number of arguments in its own words; ir's table catches what it lets
// through (not(a, b), substring(s)).
func (w *walker) call(e *ir.Expr, s Schema, pos diag.Position) value {
	r, ok := functions[e.Func()]
	if !ok {
		w.errorf(ir.CodeTypeMismatch, pos, "use a function of the etl DSL", "unknown function %s", e.Name)
		return value{}
	}
	if w.refuseArray(e, pos) {
		return value{}
	}
	info, _ := e.Func().Info() // every typed function has a row (TestFunctionsHaveRows)
	argsOf := w.args
	if ir.IsArrayFunc(info.Func) {
		argsOf = w.arrayArgs
	}
	args, ok := argsOf(e, s, pos)
	if !ok {
		return value{}
	}
	for i, a := range e.Args {
		if a != nil && a.Kind == ir.ExprLiteral {
			args[i].lit = a
		}
	}
	t, msg := r(args)
	if msg == "" && !info.Accepts(len(args)) {
		msg = "needs " + info.ArityText()
	}
	if msg != "" {
		w.errorf(ir.CodeTypeMismatch, pos, "convert the arguments with etl.Cast", "%s: %s", e.Name, msg)
		return value{}
	}
	if ref := refuse(e.Func(), args); ref.msg != "" {
		w.errorf(ref.code, pos, ref.hint, "%s: %s", e.Name, ref.msg)
		return value{}
	}
	if chk, ok := literalRules[info.Func]; ok {
		if msg, hint := chk(e.Args); msg != "" {
			w.errorf(ir.CodeFuncArgument, pos, hint, "%s: %s", e.Name, msg)
			return value{}
		}
	}
	out := value{t: t, ok: true}
	nulls := make([]bool, len(args))
	for i, a := range args {
		nulls[i] = a.nullable
		out.lineage = mergeLineage(out.lineage, a.lineage)
	}
	out.nullable = info.Nulls.Nullable(nulls)
	return out
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
func arith(op ir.Func) rule {
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
		case op == ir.FuncDiv:
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
