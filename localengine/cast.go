package localengine

import (
	"fmt"
	"math"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// The classes of the errors Spark's ANSI casts raise.
const (
	classCastOverflow = "CAST_OVERFLOW"
	classCastInvalid  = "CAST_INVALID_INPUT"
)

// cast compiles CAST(x AS type) as Spark's ANSI cast does, for the
// pairs of types package infer lets through (castRules there): integers
// and decimals that do not fit fail the row, a double's NaN or infinity
// fails a cast to an integer or timestamp and is NULL as a decimal.
func (x exprs) cast(e *ir.Expr, s *Schema) (evalFn, error) {
	args, err := x.args(e, s)
	if err != nil {
		return nil, err
	}
	if len(args) != 1 || e.Type == nil {
		return nil, fmt.Errorf("compile cast: need one argument and a type")
	}
	from, ok := infer.ExprType(e.Args[0], inferSchema(s))
	if !ok {
		return nil, fmt.Errorf("compile cast: its argument does not type-check")
	}
	to := *e.Type
	return func(r Row) any {
		v := args[0](r)
		if v == nil || isErr(v) {
			return v
		}
		return ansiCast(v, from, to)
	}, nil
}

// inferSchema is s as package infer reads it.
func inferSchema(s *Schema) infer.Schema {
	cols := make([]infer.Column, len(s.Cols))
	for i, c := range s.Cols {
		cols[i] = infer.Column{Name: c.Name, Type: c.Type, Nullable: true}
	}
	return infer.Schema{Columns: cols}
}

// ansiCast converts a non-NULL value of type from to type to.
func ansiCast(v any, from, to contracts.Type) any {
	switch to.Kind {
	case contracts.KindString:
		if d, ok := v.(decimal.Decimal); ok {
			return d.StringFixed(int32(from.Scale))
		}
		return stringOf(v)
	case contracts.KindBool:
		return castBool(v)
	case contracts.KindInt32, contracts.KindInt64:
		return castIntegral(v, to.Kind == contracts.KindInt32)
	case contracts.KindFloat64:
		return castDouble(v)
	case contracts.KindDecimal:
		return castDecimal(v, to)
	case contracts.KindTimestamp:
		return castTimestamp(v)
	}
	return castValue(v, to) // timestamp → date, date → date
}

func castBool(v any) any {
	switch x := v.(type) {
	case bool:
		return x
	case float64:
		return x != 0 // NaN is true
	case decimal.Decimal:
		return !x.IsZero()
	}
	n, _ := asInt(v)
	return n != 0
}

// castIntegral truncates toward zero; a value past the bounds of int
// (narrow) or bigint fails the row, as does a double's NaN or infinity.
func castIntegral(v any, narrow bool) any {
	var d decimal.Decimal
	if t, ok := v.(time.Time); ok { // epoch seconds, rounded down
		d = decimal.NewFromInt(floorDiv(t.UnixMicro(), 1_000_000))
	} else if d, ok = finiteDecimal(v); !ok {
		return evalErr(classCastOverflow, "%v cannot be cast to an integer", v)
	}
	d = d.Truncate(0)
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if narrow {
		lo, hi = math.MinInt32, math.MaxInt32
	}
	if d.LessThan(decimal.NewFromInt(lo)) || d.GreaterThan(decimal.NewFromInt(hi)) {
		return evalErr(classCastOverflow, "%s does not fit the integer type", d)
	}
	if narrow {
		return int32(d.IntPart())
	}
	return d.IntPart()
}

// finiteDecimal is a boolean (1 or 0) or a number as a decimal; false for
// a double's NaN and infinities.
func finiteDecimal(v any) (decimal.Decimal, bool) {
	switch x := v.(type) {
	case bool:
		return decimal.NewFromInt(int64(boolInt(x))), true
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return decimal.Decimal{}, false
		}
		return decimal.NewFromFloat(x), true
	}
	return asDecimal(v)
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func castDouble(v any) any {
	switch x := v.(type) {
	case bool:
		return float64(boolInt(x))
	case time.Time: // seconds, with the microseconds as a fraction
		return float64(x.UnixMicro()) / 1e6
	}
	f, _ := asFloat(v)
	return f
}

// castDecimal rounds HALF_UP to the type's scale; past its precision the
// row fails; a double's NaN and infinities are NULL.
func castDecimal(v any, t contracts.Type) any {
	var d decimal.Decimal
	if tm, ok := v.(time.Time); ok {
		d = decimal.New(tm.UnixMicro(), -6)
	} else if d, ok = finiteDecimal(v); !ok {
		return nil
	}
	return fitDecimal(d, t)
}

// castTimestamp reads numbers as epoch seconds: integers saturate at
// bigint microseconds, a double fails when NaN, infinite (invalid) or
// past them (overflow); dates are their midnight.
func castTimestamp(v any) any {
	switch x := v.(type) {
	case contracts.Date:
		return x.Time()
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return evalErr(classCastInvalid, "%v is not a timestamp", x)
		}
		us := math.Trunc(x * 1e6)
		if us < math.MinInt64 || us >= math.MaxInt64 {
			return evalErr(classCastOverflow, "%v seconds do not fit a timestamp", x)
		}
		return fromMicros(int64(us))
	}
	n, _ := asInt(v)
	switch {
	case n > math.MaxInt64/1_000_000:
		return fromMicros(math.MaxInt64)
	case n < math.MinInt64/1_000_000:
		return fromMicros(math.MinInt64)
	}
	return fromMicros(n * 1_000_000)
}
