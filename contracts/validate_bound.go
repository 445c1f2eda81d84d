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
	b := newBoundOp(op, arg)
	if t.kind == KindFloat64 {
		f, err := strconv.ParseFloat(arg, 64)
		if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
			return nil, fmt.Errorf("argument %q is not a number", arg)
		}
		return func(_ []byte, v *Value) *failure {
			return b.result(cmp.Compare(v.Float(), f), v)
		}, nil
	}
	d, err := decimal.NewFromString(arg)
	if err != nil {
		return nil, fmt.Errorf("argument %q is not a number", arg)
	}
	if t.kind == KindDecimal {
		return decimalBound(b, d, t.scale), nil
	}
	if d.IsInteger() && d.BigInt().IsInt64() {
		n := d.IntPart()
		return func(_ []byte, v *Value) *failure {
			return b.result(cmp.Compare(v.n, n), v)
		}, nil
	}
	return func(_ []byte, v *Value) *failure {
		return b.result(decimal.NewFromInt(v.n).Cmp(d), v)
	}, nil
}

// decimalBound compares exactly; when the bound is a whole number of units
// of the field's scale, small values compare as int64 mantissas.
func decimalBound(b boundOp, d decimal.Decimal, scale int) check {
	scaled := d.Shift(int32(scale))
	exact := scaled.IsInteger() && scaled.BigInt().IsInt64()
	m := scaled.IntPart()
	return func(_ []byte, v *Value) *failure {
		if exact && v.x == nil {
			return b.result(cmp.Compare(v.n, m), v)
		}
		return b.result(v.Decimal().Cmp(d), v)
	}
}

// boundOp is a compiled bound: whether it holds for each result of a
// comparison (-1, 0, 1), resolved once rather than per value.
type boundOp struct {
	holds   [3]bool
	op, arg string
}

func newBoundOp(op ConstraintKind, arg string) boundOp {
	b := boundOp{op: op.spec().Op, arg: arg}
	for c := -1; c <= 1; c++ {
		b.holds[c+1] = op.Holds(c)
	}
	return b
}

// result is nil when the bound holds for c, the comparison of v with the
// bound's argument (-1, 0 or 1), else the failure.
func (b *boundOp) result(c int, v *Value) *failure {
	if b.holds[c+1] {
		return nil
	}
	return fail(ReasonOutOfRange, "%s must be %s %s", formatNumber(v), b.op, b.arg)
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
