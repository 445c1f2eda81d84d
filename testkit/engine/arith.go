package engine

import (
	"github.com/shopspring/decimal"
)

// arithFn applies + - * / with Spark's widening: two integers stay int64
// (division gives a double), a double makes a double, otherwise decimals.
// Division by zero is NULL (Spark without ANSI mode).
func arithFn(op byte) scalarFn {
	o := numOps{
		ints:     func(x, y int64, narrow bool) any { return intArith(op, x, y, narrow) },
		floats:   func(x, y float64) any { return floatArith(op, x, y) },
		decimals: func(x, y decimal.Decimal) any { return decimalArith(op, x, y) },
	}
	if op == '/' {
		o.ints = nil
	}
	return o.apply
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

func intArith(op byte, x, y int64, narrow bool) any {
	var r int64
	switch op {
	case '+':
		r = x + y
	case '-':
		r = x - y
	default:
		r = x * y
	}
	if narrow {
		return int32(r)
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
		return nil
	}
	return x / y
}

func decimalArith(op byte, x, y decimal.Decimal) any {
	switch op {
	case '+':
		return x.Add(y)
	case '-':
		return x.Sub(y)
	case '*':
		return x.Mul(y)
	}
	if y.IsZero() {
		return nil
	}
	return x.DivRound(y, 6)
}
