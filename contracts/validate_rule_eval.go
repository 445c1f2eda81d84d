package contracts

import (
	"fmt"
	"math"
	"strconv"

	"github.com/shopspring/decimal"
)

// rval is the value of a rule node: NULL, or one of the typed slots by the
// node's type (timestamps as Unix microseconds, dates packed).
type rval struct {
	null bool
	b    bool
	i    int64
	f    float64
	d    decimal.Decimal
	s    string
}

// ruleState records an arithmetic error anywhere in a rule: every node is
// evaluated (no short circuit), so the error does not depend on the
// evaluation order, as in the Spark predicate.
type ruleState struct{ err bool }

// ruleFn evaluates a node on a payload's top-level values.
type ruleFn func(top []Value, st *ruleState) rval

var nullVal = rval{null: true}

// compileRuleNode compiles a typed node to a closure.
func compileRuleNode(fields []Field, n *RuleNode) (ruleFn, error) {
	args := make([]ruleFn, len(n.Args))
	for i, a := range n.Args {
		fn, err := compileRuleNode(fields, a)
		if err != nil {
			return nil, err
		}
		args[i] = convertTo(fn, a.Type, n.Operand)
	}
	switch n.Op {
	case RuleField:
		return fieldFn(fields, n)
	case RuleLiteral:
		v, err := literalVal(n)
		return func([]Value, *ruleState) rval { return v }, err
	case RuleAnd, RuleOr, RuleNot:
		return logicFn(n.Op, args), nil
	case RuleEq, RuleNe, RuleLt, RuleLe, RuleGt, RuleGe:
		return compareFn(n.Op, n.Operand.Kind, args[0], args[1]), nil
	case RuleIsNull, RuleIsNotNull:
		want := n.Op == RuleIsNull
		return func(top []Value, st *ruleState) rval { return rval{b: args[0](top, st).null == want} }, nil
	case RuleCoalesce:
		return coalesceFn(args), nil
	case RuleNeg:
		return negFn(n.Type.Kind, args[0]), nil
	case RuleAdd, RuleSub, RuleMul, RuleDiv:
		return arithFn(n.Op, n.Type.Kind, args[0], args[1]), nil
	}
	return nil, fmt.Errorf("unknown rule operation %q", n.Op)
}

// fieldFn reads a field by its path of indexes; an absent optional struct
// on the way makes it NULL.
func fieldFn(fields []Field, n *RuleNode) (ruleFn, error) {
	idx := make([]int, len(n.Path))
	for i, name := range n.Path {
		j := -1
		for k := range fields {
			if fields[k].Name == name {
				j = k
			}
		}
		if j < 0 {
			return nil, fmt.Errorf("unknown field %s", name)
		}
		idx[i], fields = j, fields[j].Type.Fields
	}
	return func(top []Value, _ *ruleState) rval {
		v := top[idx[0]]
		for _, i := range idx[1:] {
			if v.IsNull() {
				return nullVal
			}
			v = v.Record().vals[i]
		}
		return valueToR(v)
	}, nil
}

func valueToR(v Value) rval {
	switch v.kind {
	case "":
		return nullVal
	case KindString:
		return rval{s: v.s}
	case KindBool:
		return rval{b: v.Bool()}
	case KindInt32, KindInt64:
		return rval{i: v.n}
	case KindFloat64:
		return rval{f: v.Float()}
	case KindDecimal:
		return rval{d: v.Decimal()}
	case KindTimestamp:
		return rval{i: v.Time().UnixMicro()}
	case KindDate:
		return rval{i: v.n}
	}
	return nullVal
}

func literalVal(n *RuleNode) (rval, error) {
	var err error
	v := rval{}
	switch n.Type.Kind {
	case KindString:
		v.s = n.Value
	case KindBool:
		v.b = n.Value == "true"
	case KindInt64:
		v.i, err = strconv.ParseInt(n.Value, 10, 64)
	case KindFloat64:
		v.f, err = strconv.ParseFloat(n.Value, 64)
	case KindDecimal:
		v.d, err = decimal.NewFromString(n.Value)
	default:
		err = fmt.Errorf("literal %s has no type", n.Value)
	}
	return v, err
}

// convertTo widens an argument to the operand type of its parent: an
// integer to a decimal or a float64 (exactly as Spark casts a bigint to
// double: round to nearest), a decimal to a wider decimal (exact).
func convertTo(fn ruleFn, from, to Type) ruleFn {
	switch {
	case isInteger(from.Kind) && to.Kind == KindDecimal:
		return func(top []Value, st *ruleState) rval {
			v := fn(top, st)
			if !v.null {
				v.d = decimal.NewFromInt(v.i)
			}
			return v
		}
	case isInteger(from.Kind) && to.Kind == KindFloat64:
		return func(top []Value, st *ruleState) rval {
			v := fn(top, st)
			v.f = float64(v.i)
			return v
		}
	}
	return fn
}

func logicFn(op RuleOp, args []ruleFn) ruleFn {
	if op == RuleNot {
		return func(top []Value, st *ruleState) rval {
			v := args[0](top, st)
			return rval{null: v.null, b: !v.b}
		}
	}
	// AND: FALSE wins over NULL; OR: TRUE wins over NULL.
	decisive := op == RuleOr
	return func(top []Value, st *ruleState) rval {
		a, b := args[0](top, st), args[1](top, st)
		switch {
		case !a.null && a.b == decisive, !b.null && b.b == decisive:
			return rval{b: decisive}
		case a.null || b.null:
			return nullVal
		}
		return rval{b: !decisive}
	}
}

func compareFn(op RuleOp, k Kind, a, b ruleFn) ruleFn {
	return func(top []Value, st *ruleState) rval {
		x, y := a(top, st), b(top, st)
		if x.null || y.null {
			return nullVal
		}
		c := compareR(k, x, y)
		switch op {
		case RuleEq:
			return rval{b: c == 0}
		case RuleNe:
			return rval{b: c != 0}
		case RuleLt:
			return rval{b: c < 0}
		case RuleLe:
			return rval{b: c <= 0}
		case RuleGt:
			return rval{b: c > 0}
		}
		return rval{b: c >= 0}
	}
}

// compareR orders two values of kind k as Spark does: strings by UTF-8
// bytes, false before true, and doubles with NaN equal to NaN and greater
// than any other value, -0.0 equal to 0.0.
func compareR(k Kind, x, y rval) int {
	switch k {
	case KindString:
		return cmpOrdered(x.s, y.s)
	case KindBool:
		return cmpOrdered(boolInt(x.b), boolInt(y.b))
	case KindFloat64:
		return compareDoubles(x.f, y.f)
	case KindDecimal:
		return x.d.Cmp(y.d)
	}
	return cmpOrdered(x.i, y.i)
}

func cmpOrdered[T int | int64 | string](a, b T) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// compareDoubles is Spark's SQLOrderingUtil.compareDoubles.
func compareDoubles(x, y float64) int {
	xn, yn := math.IsNaN(x), math.IsNaN(y)
	switch {
	case x == y || xn && yn:
		return 0
	case xn:
		return 1
	case yn:
		return -1
	case x < y:
		return -1
	}
	return 1
}

func coalesceFn(args []ruleFn) ruleFn {
	return func(top []Value, st *ruleState) rval {
		out := nullVal
		for _, a := range args { // every argument, for its errors
			if v := a(top, st); out.null {
				out = v
			}
		}
		return out
	}
}
