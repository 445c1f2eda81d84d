package localengine

import (
	"math"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// mathFuncs evaluate the math functions as Spark 4.1 does (docs/dsl.md
// "Math functions"); package infer refuses the arguments whose answer
// would be an ANSI error on Spark (a zero divisor, an overflow).
var mathFuncs = map[ir.Func]scalarFn{
	ir.FuncAbs:    numberFn(math.Abs, decimal.Decimal.Abs, func(n int64) int64 { return max(n, -n) }),
	ir.FuncNegate: numberFn(func(f float64) float64 { return -f }, decimal.Decimal.Neg, func(n int64) int64 { return -n }),
	ir.FuncSign:   signum,
	ir.FuncSqrt:   func(a []any) any { f, _ := asFloat(a[0]); return math.Sqrt(f) },
	ir.FuncFloor:  floorCeil(math.Floor, decimal.Decimal.Floor),
	ir.FuncCeil:   floorCeil(math.Ceil, decimal.Decimal.Ceil),
	ir.FuncRound:  round,
	ir.FuncMod:    remainderFn(false),
	ir.FuncPmod:   remainderFn(true),
}

// numberFn applies f, d or n by the argument's type; an int32 stays one.
func numberFn(f func(float64) float64, d func(decimal.Decimal) decimal.Decimal, n func(int64) int64) scalarFn {
	return func(a []any) any {
		switch x := a[0].(type) {
		case float64:
			return f(x)
		case decimal.Decimal:
			return d(x)
		case int32:
			return int32(n(int64(x)))
		}
		i, _ := asInt(a[0])
		return n(i)
	}
}

// signum is Java's Math.signum of the argument as a double: a zero keeps
// its sign, NaN stays NaN.
func signum(a []any) any {
	f, _ := asFloat(a[0])
	if f == 0 || math.IsNaN(f) {
		return f
	}
	return math.Copysign(1, f)
}

// floorCeil is floor or ceil: a double gives a BIGINT (NaN 0, saturating
// out of range as Scala's toLong), a decimal a decimal, an integer itself.
func floorCeil(f func(float64) float64, d func(decimal.Decimal) decimal.Decimal) scalarFn {
	return func(a []any) any {
		switch x := a[0].(type) {
		case float64:
			return saturate(f(x))
		case decimal.Decimal:
			return d(x)
		}
		i, _ := asInt(a[0])
		return i
	}
}

// saturate converts a whole double to int64 as the JVM does: NaN is 0,
// values beyond the range are its ends.
func saturate(f float64) int64 {
	switch {
	case math.IsNaN(f):
		return 0
	case f >= math.MaxInt64:
		return math.MaxInt64
	case f <= math.MinInt64:
		return math.MinInt64
	}
	return int64(f)
}

// round is round(x, scale) HALF_UP. A double is rounded in its shortest
// decimal form (Scala's BigDecimal(d), from Double.toString), NaN and the
// infinities kept.
func round(a []any) any {
	n, _ := asInt(a[1])
	scale := int32(n)
	switch x := a[0].(type) {
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return x
		}
		f, _ := decimal.NewFromFloat(x).Round(scale).Float64()
		return f
	case decimal.Decimal:
		return x.Round(scale)
	case int32:
		return int32(decimal.NewFromInt32(x).Round(scale).IntPart())
	}
	i, _ := asInt(a[0])
	return decimal.NewFromInt(i).Round(scale).IntPart()
}

// remainderFn is mod (the sign of x) or pmod (the sign of the divisor),
// after Spark's widening; integers wrap as the JVM's do.
func remainderFn(positive bool) scalarFn {
	return numOps{
		ints: func(x, y int64, narrow bool) any {
			if narrow {
				return intRem(int32(x), int32(y), positive)
			}
			return intRem(x, y, positive)
		},
		floats:   func(x, y float64) any { return floatRem(x, y, positive) },
		decimals: func(x, y decimal.Decimal) any { return decimalRem(x, y, positive) },
	}.apply
}

// intRem is x % n, and for pmod (r + n) % n when r < 0 (wrapping).
func intRem[T int32 | int64](x, n T, positive bool) any {
	if n == 0 {
		return nil // refused by package infer; never a Go panic
	}
	r := x % n
	if positive && r < 0 {
		r = (r + n) % n
	}
	return r
}

func floatRem(x, n float64, positive bool) any {
	r := math.Mod(x, n)
	if positive && r < 0 {
		r = math.Mod(r+n, n)
	}
	return r
}

func decimalRem(x, n decimal.Decimal, positive bool) any {
	if n.IsZero() {
		return nil // refused by package infer
	}
	r := x.Mod(n)
	if positive && r.Sign() < 0 {
		r = r.Add(n).Mod(n)
	}
	return r
}
