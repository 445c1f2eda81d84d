package funcverdicts

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/shopspring/decimal"
)

// logicCases are the three-valued logic, NULL tests, coalesce and the
// comparisons over every type's hostile values.
func logicCases() family {
	f := family{name: "logic"}
	b, b2 := typed[bool](B), typed[bool](B2)
	f.cross("and/three-valued", etl.And(b, b2), B, Bools, B2, Bools)
	f.cross("or/three-valued", etl.Or(b, b2), B, Bools, B2, Bools)
	f.over("not/three-valued", etl.Not(b), B, Bools)
	f.over("isnull/strings", typed[string](S).IsNull(), S, Strings)
	f.over("isnotnull/doubles", typed[float64](F).IsNotNull(), F, Float64s)
	f.cross("coalesce/strings", etl.Coalesce(typed[string](S), typed[string](S2)), S, []any{nil, "", "a"}, S2, []any{nil, "b"})
	f.cross("coalesce/decimals", etl.Coalesce(typed[decimalT](D), typed[decimalT](D2)), D, Decimals, D2, []any{nil, dec("1.00")})
	compare[string](&f, "strings", S, S2, OrderedStrings)
	compare[int32](&f, "ints", I, I2, Int32s)
	compare[int64](&f, "bigints", N, N2, Int64s)
	compare[float64](&f, "doubles", F, F2, Float64s)
	compare[decimalT](&f, "decimals", D, D2, Decimals)
	compare[time.Time](&f, "timestamps", T, T2, Timestamps)
	compare[contracts.Date](&f, "dates", DT, DT2, Dates)
	compare[bool](&f, "bools", B, B2, Bools)
	return f
}

// decimalT is the Go type of a decimal column.
type decimalT = decimal.Decimal

// compare adds the six comparisons of two columns of one type over every
// pair of a pool's values.
func compare[T any](f *family, what string, a, b Var, pool []any) {
	x, y := typed[T](a), typed[T](b)
	ops := []struct {
		name string
		expr func(x, y etl.Typed[T]) etl.Expr[bool]
	}{{"=", etl.Eq[T]}, {"!=", etl.Ne[T]}, {"<", etl.Lt[T]}, {"<=", etl.Le[T]}, {">", etl.Gt[T]}, {">=", etl.Ge[T]}}
	for _, op := range ops {
		f.cross(op.name+"/"+what, op.expr(x, y), a, pool, b, pool)
	}
}
