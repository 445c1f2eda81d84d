package engine

import (
	"github.com/shopspring/decimal"
)

// arithFn applies + - * / with Spark's widening: two integers stay int64
// (division gives a double), a double makes a double, otherwise decimals.
// Division by zero is NULL (Spark without ANSI mode).
func arithFn(op byte) scalarFn {
	return func(a []any) any {
		x, y := a[0], a[1]
		ix, xInt := asInt(x)
		iy, yInt := asInt(y)
		switch {
		case xInt && yInt && op != '/':
			return intArith(op, ix, iy, isInt32(x) && isInt32(y))
		case isFloat(x) || isFloat(y) || (xInt && yInt):
			fx, _ := asFloat(x)
			fy, _ := asFloat(y)
			return floatArith(op, fx, fy)
		}
		dx, _ := asDecimal(x)
		dy, _ := asDecimal(y)
		return decimalArith(op, dx, dy)
	}
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
