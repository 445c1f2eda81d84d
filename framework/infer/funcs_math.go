package infer

import (
	"strconv"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// mathRules type the math functions as Spark 4.1 does.
var mathRules = map[ir.Func]rule{
	ir.FuncAbs:    fractional,
	ir.FuncNegate: fractional,
	ir.FuncSign:   numberTo(tFloat),
	ir.FuncSqrt:   numberTo(tFloat),
	ir.FuncFloor:  floorCeil,
	ir.FuncCeil:   floorCeil,
	ir.FuncRound:  round,
	ir.FuncMod:    arith(ir.FuncMod), // decimalArith has the remainder's decimal rule
	ir.FuncPmod:   arith(ir.FuncPmod),
}

// fractional accepts one double or decimal and keeps its type.
func fractional(args []value) (contracts.Type, string) {
	if len(args) != 1 {
		return contracts.Type{}, "needs one argument"
	}
	if k := args[0].t.Kind; k != contracts.KindFloat64 && k != contracts.KindDecimal {
		return contracts.Type{}, "argument of type " + string(k) + ", want a double or a decimal (of an integer, Spark's ANSI overflow error at the least value is one the local engine cannot raise)"
	}
	return args[0].t, ""
}

// numberTo accepts one number and gives res.
func numberTo(res contracts.Type) rule {
	return func(args []value) (contracts.Type, string) {
		if len(args) != 1 || !numeric(args[0].t.Kind) {
			return contracts.Type{}, "needs one number"
		}
		return res, ""
	}
}

// floorCeil is floor and ceil: BIGINT for a double or an integer,
// decimal(p−s+1, 0) for a decimal(p,s) with s > 0.
func floorCeil(args []value) (contracts.Type, string) {
	if len(args) != 1 || !numeric(args[0].t.Kind) {
		return contracts.Type{}, "needs one number"
	}
	t := args[0].t
	switch {
	case t.Kind != contracts.KindDecimal:
		return tInt64, ""
	case t.Scale == 0:
		return t, ""
	}
	return bounded(t.Precision-t.Scale+1, 0), ""
}

// round is round(x, scale literal): the type of x, for a decimal Spark's
// RoundBase type.
func round(args []value) (contracts.Type, string) {
	if len(args) != 2 || !numeric(args[0].t.Kind) {
		return contracts.Type{}, "needs a number and a scale"
	}
	scale, ok := intLiteral(args[1])
	if !ok {
		return contracts.Type{}, "the scale must be an integer literal"
	}
	t := args[0].t
	if t.Kind != contracts.KindDecimal {
		return t, ""
	}
	p, s, _ := roundedDecimal(t, scale)
	return decimalType(p, s), ""
}

// roundedDecimal is the decimal(p,s) round(x, scale) gives for x of
// decimal type t, and whether Spark had to cap its precision at 38 (a
// result that may then overflow). Rounding to scale ≥ s keeps the value,
// and below s the integer digits fit: only a negative scale can overflow.
func roundedDecimal(t contracts.Type, scale int) (p, s int, capped bool) {
	integral := t.Precision - t.Scale + 1
	if scale < 0 {
		p = max(integral, -scale+1)
		return min(p, maxPrecision), 0, p > maxPrecision
	}
	s = min(t.Scale, scale)
	return min(integral+s, maxPrecision), s, false
}

// intLiteral is the value of an integer literal argument.
func intLiteral(v value) (int, bool) {
	if v.lit == nil || (v.t.Kind != contracts.KindInt32 && v.t.Kind != contracts.KindInt64) {
		return 0, false
	}
	n, err := strconv.Atoi(v.lit.Value)
	return n, err == nil
}
