package localengine

import (
	"fmt"
	"math"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// The classes of the errors Spark's ANSI arithmetic raises.
const (
	classOverflow    = "ARITHMETIC_OVERFLOW"
	classDivByZero   = "DIVIDE_BY_ZERO"
	classOutOfRange  = "NUMERIC_VALUE_OUT_OF_RANGE.WITH_SUGGESTION"
	maxDecimalDigits = 38
)

// arithOps are the arithmetic operators.
var arithOps = map[ir.Func]byte{ir.FuncAdd: '+', ir.FuncSub: '-', ir.FuncMul: '*', ir.FuncDiv: '/'}

// compileArith compiles + - * / in the result type Spark gives them (as
// package infer types it): integers stay integers and fail on overflow,
// integer division is a double, decimals are rounded HALF_UP to the
// result's scale and fail past its precision; a division by zero fails
// for every type (ANSI mode).
func compileArith(op byte, e *ir.Expr, s *Schema, args []evalFn) (evalFn, error) {
	t, ok := infer.ExprType(e, inferSchema(s))
	if !ok || len(args) != 2 {
		return nil, fmt.Errorf("compile expression: %s does not type-check", e.Name)
	}
	return strictFn(arithFn(op, t), args), nil
}

// arithFn applies op to two non-NULL numbers, giving a value of type t.
func arithFn(op byte, t contracts.Type) scalarFn {
	switch t.Kind {
	case contracts.KindInt32, contracts.KindInt64:
		return func(a []any) any {
			x, _ := asInt(a[0])
			y, _ := asInt(a[1])
			return intArith(op, x, y, t.Kind == contracts.KindInt32)
		}
	case contracts.KindFloat64:
		return func(a []any) any {
			x, _ := asFloat(a[0])
			y, _ := asFloat(a[1])
			return floatArith(op, x, y)
		}
	}
	return func(a []any) any {
		x, _ := asDecimal(a[0])
		y, _ := asDecimal(a[1])
		return decimalArith(op, x, y, t)
	}
}

// numOps is a binary operation on numbers, one function per widened type.
type numOps struct {
	// ints gets two integers (narrow when both are int32); nil when
	// integers are divided as doubles.
	ints     func(x, y int64, narrow bool) any
	floats   func(x, y float64) any
	decimals func(x, y decimal.Decimal) any
}

// apply widens the two arguments as Spark does and applies the operation.
func (o numOps) apply(a []any) any {
	x, y := a[0], a[1]
	ix, xInt := asInt(x)
	iy, yInt := asInt(y)
	switch {
	case xInt && yInt && o.ints != nil:
		return o.ints(ix, iy, isInt32(x) && isInt32(y))
	case isFloat(x) || isFloat(y) || (xInt && yInt):
		fx, _ := asFloat(x)
		fy, _ := asFloat(y)
		return o.floats(fx, fy)
	}
	dx, _ := asDecimal(x)
	dy, _ := asDecimal(y)
	return o.decimals(dx, dy)
}

func isInt32(v any) bool { _, ok := v.(int32); return ok }

// intArith is x op y, failing past the bounds of int32 (narrow) or int64.
func intArith(op byte, x, y int64, narrow bool) any {
	var r int64
	overflow := false
	switch op {
	case '+':
		r = x + y
		overflow = (x > 0 && y > 0 && r < 0) || (x < 0 && y < 0 && r >= 0)
	case '-':
		r = x - y
		overflow = (x >= 0 && y < 0 && r < 0) || (x < 0 && y > 0 && r >= 0)
	default:
		r = x * y
		overflow = x != 0 && (r/x != y || (x == -1 && y == math.MinInt64))
	}
	switch {
	case narrow && !overflow && r >= math.MinInt32 && r <= math.MaxInt32:
		return int32(r)
	case overflow || narrow:
		kind := "bigint"
		if narrow {
			kind = "int"
		}
		return evalErr(classOverflow, "%s overflow: %d %c %d", kind, x, op, y)
	}
	return r
}

func floatArith(op byte, x, y float64) any {
	switch op {
	case '+':
		return x + y
	case '-':
		return x - y
	case '*':
		return x * y
	}
	if y == 0 {
		return evalErr(classDivByZero, "division by zero")
	}
	return x / y
}

// decimalArith is x op y as Spark's Decimal computes it: a product rounded
// to 38 significant digits, a quotient to 38 decimal places (HALF_UP),
// then the result rounded HALF_UP to t's scale and checked against t's
// precision.
func decimalArith(op byte, x, y decimal.Decimal, t contracts.Type) any {
	var r decimal.Decimal
	switch op {
	case '+':
		r = x.Add(y)
	case '-':
		r = x.Sub(y)
	case '*':
		r = significant(x.Mul(y), maxDecimalDigits)
	default:
		if y.IsZero() {
			return evalErr(classDivByZero, "division by zero")
		}
		r = x.DivRound(y, maxDecimalDigits)
	}
	return fitDecimal(r, t)
}

// fitDecimal rounds d HALF_UP to t's scale; a value past t's precision
// is a row error.
func fitDecimal(d decimal.Decimal, t contracts.Type) any {
	r := d.Round(int32(t.Scale))
	if r.Abs().Cmp(decimal.New(1, int32(t.Precision-t.Scale))) >= 0 {
		return evalErr(classOutOfRange, "%s cannot be represented as decimal(%d,%d)", d, t.Precision, t.Scale)
	}
	return r
}

// significant rounds d HALF_UP to n significant digits.
func significant(d decimal.Decimal, n int) decimal.Decimal {
	if extra := int(d.NumDigits()) - n; extra > 0 {
		return d.Round(-d.Exponent() - int32(extra))
	}
	return d
}
