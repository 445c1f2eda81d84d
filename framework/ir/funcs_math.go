package ir

// The math functions (Spark 4.1 names; ANSI mode, see docs/dsl.md "Math
// functions").
const (
	FuncAbs    Func = "abs"
	FuncNegate Func = "negative"
	FuncSign   Func = "signum" // a double: -1.0, 0.0 (signed), 1.0 or NaN
	FuncSqrt   Func = "sqrt"
	FuncFloor  Func = "floor"
	FuncCeil   Func = "ceil"
	FuncRound  Func = "round" // (x, scale literal): HALF_UP
	FuncMod    Func = "mod"   // (x, non-zero literal): the sign of x
	FuncPmod   Func = "pmod"  // (x, non-zero literal): the sign of the divisor
)

// mathFuncs are the rows of the math functions.
var mathFuncs = []FuncInfo{
	scalar(FuncAbs, 1), scalar(FuncNegate, 1), scalar(FuncSign, 1), scalar(FuncSqrt, 1),
	scalar(FuncFloor, 1), scalar(FuncCeil, 1), scalar(FuncRound, 2),
	scalar(FuncMod, 2), scalar(FuncPmod, 2),
}
