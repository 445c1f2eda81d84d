package funcverdicts

import (
	"github.com/etlgen/etlgen/framework/etl"
)

// arithCases are + - * / over every numeric type's hostile values:
// overflow at the extremes, division by zero, NaN and the infinities,
// negative zero, decimal precision at its limits.
func arithCases() family {
	f := family{name: "arith"}
	arith[int32](&f, "ints", I, I2, Int32s)
	arith[int64](&f, "bigints", N, N2, Int64s)
	arith[float64](&f, "doubles", F, F2, Float64s)
	arith[decimalT](&f, "decimals", D, D2, Decimals)
	arith[decimalT](&f, "wide-decimals", W, Var{"w2", W.Type}, WideDecimals)
	return f
}

// arith adds + - * / of two columns of one type over every pair of a
// pool's values.
func arith[T etl.Numeric](f *family, what string, a, b Var, pool []any) {
	x, y := typed[T](a), typed[T](b)
	ops := []struct {
		name string
		expr func(x, y etl.Typed[T]) etl.Expr[T]
	}{{"+", etl.Add[T]}, {"-", etl.Sub[T]}, {"*", etl.Mul[T]}, {"/", etl.Div[T]}}
	for _, op := range ops {
		f.cross(op.name+"/"+what, op.expr(x, y), a, pool, b, pool)
	}
}
