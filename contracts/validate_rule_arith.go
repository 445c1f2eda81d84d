package contracts

import "math"

// arithFn computes + - * / in the node's type k: int64 with overflow as an
// error (Spark's ANSI mode), float64 in IEEE 754 with division by zero
// (also -0.0) as an error, decimals exactly (the type checker keeps their
// results within 38 digits). An operation on a NULL is NULL, no error.
func arithFn(op RuleOp, k Kind, a, b ruleFn) ruleFn {
	return func(top []Value, st *ruleState) rval {
		x, y := a(top, st), b(top, st)
		if x.null || y.null {
			return nullVal
		}
		var (
			v  rval
			ok = true
		)
		switch k {
		case KindInt64:
			v.i, ok = intArith(op, x.i, y.i)
		case KindFloat64:
			v.f, ok = floatArith(op, x.f, y.f)
		default:
			v = decimalArith(op, x, y)
		}
		if !ok {
			st.err = true
			return nullVal
		}
		return v
	}
}

func intArith(op RuleOp, x, y int64) (int64, bool) {
	switch op {
	case RuleAdd:
		r := x + y
		return r, (x >= 0) != (y >= 0) || (r >= 0) == (x >= 0)
	case RuleSub:
		r := x - y
		return r, (x >= 0) == (y >= 0) || (r >= 0) == (x >= 0)
	}
	if x == 0 || y == 0 {
		return 0, true
	}
	r := x * y
	return r, r/y == x && !(x == -1 && y == math.MinInt64) && !(y == -1 && x == math.MinInt64)
}

func floatArith(op RuleOp, x, y float64) (float64, bool) {
	switch op {
	case RuleAdd:
		return x + y, true
	case RuleSub:
		return x - y, true
	case RuleMul:
		return x * y, true
	}
	return x / y, y != 0
}

func decimalArith(op RuleOp, x, y rval) rval {
	switch op {
	case RuleAdd:
		return rval{d: x.d.Add(y.d)}
	case RuleSub:
		return rval{d: x.d.Sub(y.d)}
	}
	return rval{d: x.d.Mul(y.d)}
}

// negFn is unary minus: int64 overflows at its minimum.
func negFn(k Kind, a ruleFn) ruleFn {
	return func(top []Value, st *ruleState) rval {
		v := a(top, st)
		if v.null {
			return v
		}
		switch k {
		case KindInt64:
			if v.i == math.MinInt64 {
				st.err = true
				return nullVal
			}
			v.i = -v.i
		case KindFloat64:
			v.f = -v.f
		default:
			v.d = v.d.Neg()
		}
		return v
	}
}
