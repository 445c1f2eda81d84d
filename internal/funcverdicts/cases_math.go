package funcverdicts

import (
	"math"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/framework/etl"
)

// mathCases are the math functions over every numeric type's hostile
// values: NaN, the infinities, -0.0, the integer extremes, decimals at
// their precision, halves for rounding.
func mathCases() family {
	f := family{name: "math"}
	fractional[float64](&f, "doubles", F, Float64s)
	fractional[decimalT](&f, "decimals", D, Decimals)
	fractional[decimalT](&f, "wide-decimals", W, WideDecimals)
	toDouble[int32](&f, "ints", I, Int32s)
	toDouble[int64](&f, "bigints", N, Int64s)
	toDouble[float64](&f, "doubles", F, Float64s)
	toDouble[decimalT](&f, "decimals", D, Decimals)
	x, d, w := typed[float64](F), typed[decimalT](D), typed[decimalT](W)
	f.over("floor/doubles", etl.Floor(x), F, Float64s)
	f.over("ceil/doubles", etl.Ceil(x), F, Float64s)
	f.over("floor/decimals", etl.FloorDecimal(d), D, Decimals)
	f.over("ceil/decimals", etl.CeilDecimal(d), D, Decimals)
	f.over("floor/wide-decimals", etl.FloorDecimal(w), W, WideDecimals)
	for _, scale := range []int{0, 1, 2, 3, -1, -2, 16, -308} {
		s := strconv.Itoa(scale)
		f.over("round/doubles,"+s, etl.Round(x, scale), F, Float64s)
		f.over("round/decimals,"+s, etl.Round(d, scale), D, Decimals)
	}
	f.over("round/doubles,halves", etl.Round(x, 2), F, []any{2.675, 1.005, -1.005, 0.125, 0.285, 1.0000000000000002,
		0.30000000000000004, 5e-324, 123456789.125, -0.005, 0.045})
	f.over("round/wide-decimals,0", etl.Round(w, 0), W, WideDecimals)
	f.over("round/wide-decimals,-1", etl.Round(w, -1), W, WideDecimals)
	decimalShapes(&f)
	remainders[int32](&f, "ints", I, Int32s, 3, -3, -1, math.MinInt32, 0)
	remainders[int64](&f, "bigints", N, Int64s, 3, -1, math.MaxInt64, 0)
	remainders[float64](&f, "doubles", F, Float64s, 2, -2.5, 0.1, math.Inf(1), math.NaN(), 0)
	remainders[decimalT](&f, "decimals", D, Decimals, dec("0.03"), dec("-7"), dec("0"))
	remainders[decimalT](&f, "wide-decimals", W, WideDecimals, dec("7"), dec("-99999999999999999999999999999999999999"))
	return f
}

// fractional adds abs and negative of a column of a double or decimal.
func fractional[T etl.Fractional](f *family, what string, v Var, pool []any) {
	x := typed[T](v)
	f.over("abs/"+what, etl.Abs(x), v, pool)
	f.over("negative/"+what, etl.Negate(x), v, pool)
}

// toDouble adds signum and sqrt of a number column.
func toDouble[T etl.Numeric](f *family, what string, v Var, pool []any) {
	x := typed[T](v)
	f.over("signum/"+what, etl.Sign(x), v, pool)
	f.over("sqrt/"+what, etl.Sqrt(x), v, pool)
}

// remainders adds mod and pmod of a column by each literal divisor.
func remainders[T etl.Numeric](f *family, what string, v Var, pool []any, divisors ...T) {
	x := typed[T](v)
	for _, n := range divisors {
		by := what + "," + etl.Lit(n).IR().Value
		f.over("mod/"+by, etl.Mod(x, n), v, pool)
		f.over("pmod/"+by, etl.Pmod(x, n), v, pool)
	}
}

// decimalShapes adds rounding and negation of decimals of other shapes
// than decimal(18,2): Spark's result types at the precision limits, and
// the 34 digits Spark negates exactly.
func decimalShapes(f *family) {
	shape := func(p, s int) Var { return Var{"x", decimalType(p, s)} }
	x := typed[decimalT](Var{Name: "x"})
	for _, r := range []struct {
		v      Var
		scales []int
		pool   []any
	}{
		{shape(5, 3), []int{2, 5, -1}, []any{dec("12.345"), dec("-12.345"), dec("99.995"), dec("-99.995")}},
		{shape(4, 2), []int{1}, []any{dec("99.95"), dec("-99.95")}},
		{shape(3, 0), []int{-1, -2, -3}, []any{dec("155"), dec("-155"), dec("999"), dec("-999")}},
		{shape(38, 2), []int{2, 1, 0}, []any{dec("9.99"), dec(strings.Repeat("9", 36) + ".99"), dec("-" + strings.Repeat("9", 36) + ".95")}},
		{shape(38, 3), []int{2}, []any{dec("123456789012345678901234567890123.456")}},
	} {
		for _, scale := range r.scales {
			f.over("round/"+typeName(r.v.Type)+","+strconv.Itoa(scale), etl.Round(x, scale), r.v, r.pool)
		}
		f.over("floor/"+typeName(r.v.Type), etl.FloorDecimal(x), r.v, r.pool)
	}
	for _, p := range []int{34, 35} {
		v := shape(p, 0)
		pool := []any{dec("-" + strings.Repeat("9", p)), dec(strings.Repeat("1234567890", 4)[:p]), dec("-1")}
		f.over("negative/"+typeName(v.Type), etl.Negate(x), v, pool)
		f.over("abs/"+typeName(v.Type), etl.Abs(x), v, pool)
	}
}
