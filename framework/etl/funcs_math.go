package etl

import (
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// Fractional is the set of number types whose sign can be flipped without
// overflow: Abs, Negate and Round take them. The integers are left out:
// abs and negative of the least integer are an ANSI overflow error on
// Spark, which the local engine cannot raise.
type Fractional interface {
	~float64 | decimal.Decimal
}

// Abs is abs(x), of the type of x: NaN stays NaN, -0.0 gives 0.0.
func Abs[T Fractional](x Typed[T]) Expr[T] { return call[T](ir.FuncAbs, irOf(x)) }

// Negate is negative(x) (-x), of the type of x.
func Negate[T Fractional](x Typed[T]) Expr[T] { return call[T](ir.FuncNegate, irOf(x)) }

// Sign is signum(x) as a double: -1.0, 1.0, 0.0 keeping the sign of a
// zero double (signum(-0.0) = -0.0), NaN for NaN.
func Sign[T Numeric](x Typed[T]) Expr[float64] { return call[float64](ir.FuncSign, irOf(x)) }

// Sqrt is sqrt(x) as a double: NaN for a negative x, sqrt(-0.0) = -0.0.
func Sqrt[T Numeric](x Typed[T]) Expr[float64] { return call[float64](ir.FuncSqrt, irOf(x)) }

// Floor is floor(x) of a double as a BIGINT, as Spark types it: NaN gives
// 0, values beyond the BIGINT range saturate (±Infinity included).
func Floor(x Typed[float64]) Expr[int64] { return call[int64](ir.FuncFloor, irOf(x)) }

// Ceil is ceil(x) of a double as a BIGINT, as Floor.
func Ceil(x Typed[float64]) Expr[int64] { return call[int64](ir.FuncCeil, irOf(x)) }

// FloorDecimal is floor(x) of a decimal(p,s): decimal(p−s+1, 0) (the type
// of x when s is 0).
func FloorDecimal(x Typed[decimal.Decimal]) Expr[decimal.Decimal] {
	return call[decimal.Decimal](ir.FuncFloor, irOf(x))
}

// CeilDecimal is ceil(x) of a decimal(p,s), typed as FloorDecimal.
func CeilDecimal(x Typed[decimal.Decimal]) Expr[decimal.Decimal] {
	return call[decimal.Decimal](ir.FuncCeil, irOf(x))
}

// Round is round(x, scale): HALF_UP (a half rounds away from zero; Spark's
// bround, HALF_EVEN, is not offered). A negative scale rounds left of the
// point. A double is rounded in its shortest decimal form (round(2.675, 2)
// = 2.68); a decimal(p,s) becomes decimal(p−s+1+min(s,scale), min(s,scale)).
func Round[T Fractional](x Typed[T], scale int) Expr[T] {
	return call[T](ir.FuncRound, irOf(x), intLit(scale))
}

// Mod is mod(x, divisor) (x % divisor): the remainder has the sign of x.
// The divisor is a literal, and must not be zero (Spark's ANSI
// REMAINDER_BY_ZERO error, refused as ETL-D229).
func Mod[T Numeric](x Typed[T], divisor T) Expr[T] {
	return call[T](ir.FuncMod, irOf(x), Lit(divisor).e)
}

// Pmod is pmod(x, divisor): the remainder has the sign of the divisor
// (pmod(-7, 3) = 2). The divisor is a non-zero literal, as for Mod.
func Pmod[T Numeric](x Typed[T], divisor T) Expr[T] {
	return call[T](ir.FuncPmod, irOf(x), Lit(divisor).e)
}
