package contracts

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// rangeEnd is one end of a range; set is false while unbounded.
type rangeEnd struct {
	set    bool
	v      decimal.Decimal
	strict bool
	tag    string // the constraint that set it, e.g. "gt=5"
}

// constraintRange is what a field's numeric or length constraints allow: a value range
// for numbers, a length range (and exact lengths) for strings and slices.
type constraintRange struct {
	lo, hi rangeEnd
	exact  []rangeEnd // len=N constraints
}

// add records one bound constraint whose argument is checked here.
func (r *constraintRange) add(c Constraint, k Kind, ps *tagProblems) {
	arg := c.Args[0]
	tag := string(c.Kind) + "=" + arg
	isNumber := constraintClassOf(k) == ccNumber
	var v decimal.Decimal
	var ok bool
	if isNumber {
		v, ok = parseNumberArg(arg, k)
	} else {
		v, ok = parseLengthArg(arg)
	}
	if !ok {
		ps.add(CodeBadArgument, rangeArgHint(k), "%s: %q is not a valid %s", tag, arg, rangeArgWhat(k))
		return
	}
	nb := rangeEnd{set: true, v: v, tag: tag}
	nb.strict = c.Kind.Strict()
	switch {
	case c.Kind.LowerBound():
		r.lo = tighterEnd(r.lo, nb, 1)
	case c.Kind.UpperBound():
		r.hi = tighterEnd(r.hi, nb, -1)
	default: // len
		r.exact = append(r.exact, nb)
	}
}

// tighterEnd returns the tighter of two range ends; dir is 1 for lower ends and
// -1 for upper ends.
func tighterEnd(old, nb rangeEnd, dir int) rangeEnd {
	if !old.set {
		return nb
	}
	switch c := nb.v.Cmp(old.v) * dir; {
	case c > 0, c == 0 && nb.strict:
		return nb
	}
	return old
}

// check reports a range that no value can satisfy.
func (r *constraintRange) check(k Kind, ps *tagProblems) {
	const hint = "relax or remove one of the constraints"
	lo, hi := r.lo, r.hi
	if k == KindInt32 || k == KindInt64 || constraintClassOf(k) != ccNumber {
		lo, hi = integralEnd(lo, 1), integralEnd(hi, -1)
	}
	if lo.set && hi.set && (lo.v.Cmp(hi.v) > 0 || lo.v.Equal(hi.v) && (lo.strict || hi.strict)) {
		ps.add(CodeContradiction, hint, "no value satisfies both %s and %s", r.lo.tag, r.hi.tag)
	}
	for i, e := range r.exact {
		if i > 0 && !e.v.Equal(r.exact[0].v) {
			ps.add(CodeContradiction, hint, "no value satisfies both %s and %s", r.exact[0].tag, e.tag)
		}
		if lo.set && e.v.Cmp(lo.v) < 0 || hi.set && e.v.Cmp(hi.v) > 0 {
			ps.add(CodeContradiction, hint, "%s is outside the range of %s", e.tag, rangeEndsText(r.lo, r.hi))
		}
	}
}

// integralEnd turns a range end on integers into an inclusive one: gt=1 is gte=2.
func integralEnd(b rangeEnd, dir int) rangeEnd {
	if !b.set {
		return b
	}
	one := decimal.NewFromInt(1)
	v := b.v.Ceil()
	if dir > 0 && b.strict {
		v = b.v.Floor().Add(one)
	}
	if dir < 0 {
		v = b.v.Floor()
		if b.strict {
			v = b.v.Ceil().Sub(one)
		}
	}
	return rangeEnd{set: true, v: v, tag: b.tag}
}

func rangeEndsText(lo, hi rangeEnd) string {
	switch {
	case lo.set && hi.set:
		return fmt.Sprintf("%s and %s", lo.tag, hi.tag)
	case lo.set:
		return lo.tag
	}
	return hi.tag
}

func rangeArgWhat(k Kind) string {
	switch k {
	case KindInt32, KindInt64:
		return string(k) + " integer"
	case KindFloat64, KindDecimal:
		return "number"
	}
	return "length (a non-negative integer)"
}

func rangeArgHint(k Kind) string {
	if constraintClassOf(k) == ccNumber {
		return "write a plain number that fits the field's type, e.g. gte=0"
	}
	return "write a length as a non-negative integer, e.g. max=64"
}
