package funcverdicts

import (
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/etl"
)

// CastStrings are texts a cast from string reads: numbers with spaces,
// signs, exponents and overflow, NaN and the infinities, booleans in
// their spellings, dates and timestamps in several forms, and garbage.
var CastStrings = []any{nil, "", " 12 ", "+5", "-0", "1.5", "1e3", "0x1F", "9223372036854775808", "2147483648",
	"NaN", "Infinity", "-inf", "true", "t", "YES", "0", "2024-02-29", "2024-02-29 12:34:56.789",
	"2024-02-29T12:34:56Z", "0001-01-01", "10000-01-01", "\u0661\u0662", "abc"}

// castCases convert every type's hostile values to every other type the
// DSL can name.
func castCases() family {
	f := family{name: "cast"}
	castsFrom[string](&f, S, CastStrings)
	castsFrom[bool](&f, B, Bools)
	castsFrom[int32](&f, I, Int32s)
	castsFrom[int64](&f, N, Int64s)
	castsFrom[float64](&f, F, Float64s)
	castsFrom[decimalT](&f, D, Decimals)
	castsFrom[decimalT](&f, W, WideDecimals)
	castsFrom[time.Time](&f, T, Timestamps)
	castsFrom[contracts.Date](&f, DT, Dates)
	return f
}

// castsFrom adds the casts of column v to every type but its own.
func castsFrom[From any](f *family, v Var, pool []any) {
	x := typed[From](v)
	targets := []struct {
		to   string
		expr irOf
	}{
		{"string", etl.Cast[string](x)}, {"boolean", etl.Cast[bool](x)}, {"int", etl.Cast[int32](x)},
		{"bigint", etl.Cast[int64](x)}, {"double", etl.Cast[float64](x)}, {"decimal(10,0)", etl.Cast[decimalT](x)},
		{"decimal(18,2)", etl.CastDecimal(x, 18, 2)}, {"decimal(38,0)", etl.CastDecimal(x, 38, 0)},
		{"timestamp", etl.Cast[time.Time](x)}, {"date", etl.Cast[contracts.Date](x)},
	}
	from := typeName(v.Type)
	for _, t := range targets {
		if t.to != from {
			f.over("cast/"+from+"-to-"+t.to, t.expr, v, pool)
		}
	}
}
