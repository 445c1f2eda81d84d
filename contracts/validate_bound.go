package contracts

import (
	"cmp"
	"fmt"
	"math"
	"strconv"

	"github.com/shopspring/decimal"
)

// compileBound compiles gt/gte/lt/lte/min/max on a number. Integer and
// decimal comparisons are exact; float64 compares as float64.
func compileBound(op ConstraintKind, arg string, t *typePlan) (check, error) {
	if t.kind == KindFloat64 {
		f, err := strconv.ParseFloat(arg, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("argument %q is not a number", arg)
		}
		return func(_ []byte, v *Value) *failure {
			return boundResult(op, arg, cmp.Compare(v.Float(), f), v)
		}, nil
	}
	d, err := decimal.NewFromString(arg)
	if err != nil {
		return nil, fmt.Errorf("argument %q is not a number", arg)
	}
	if t.kind == KindDecimal {
		return decimalBound(op, arg, d, t.scale), nil
	}
	if d.IsInteger() && d.BigInt().IsInt64() {
		n := d.IntPart()
		return func(_ []byte, v *Value) *failure {
			return boundResult(op, arg, cmp.Compare(v.n, n), v)
		}, nil
	}
	return func(_ []byte, v *Value) *failure {
		return boundResult(op, arg, decimal.NewFromInt(v.n).Cmp(d), v)
	}, nil
}

// decimalBound compares exactly; when the bound is a whole number of units
// of the field's scale, small values compare as int64 mantissas.
func decimalBound(op ConstraintKind, arg string, d decimal.Decimal, scale int) check {
	scaled := d.Shift(int32(scale))
	exact := scaled.IsInteger() && scaled.BigInt().IsInt64()
	m := scaled.IntPart()
	return func(_ []byte, v *Value) *failure {
		if exact && v.x == nil {
			return boundResult(op, arg, cmp.Compare(v.n, m), v)
		}
		return boundResult(op, arg, v.Decimal().Cmp(d), v)
	}
}

func boundResult(op ConstraintKind, arg string, c int, v *Value) *failure {
	if op.Holds(c) {
		return nil
	}
	return fail(ReasonOutOfRange, "%s must be %s %s", formatNumber(v), op.spec().Op, arg)
}

// formatNumber renders a numeric value for a message.
func formatNumber(v *Value) string {
	switch v.kind {
	case KindFloat64:
		return strconv.FormatFloat(v.Float(), 'g', -1, 64)
	case KindDecimal:
		return v.Decimal().String()
	}
	return strconv.FormatInt(v.n, 10)
}
