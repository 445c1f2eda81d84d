package contracts

import (
	"errors"
	"math"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/contracts/regex"
)

// constraintClass groups kinds by what constraints they accept; a set of
// classes is their union (ConstraintSpec's targets).
type constraintClass int

const (
	ccNumber constraintClass = 1 << iota // int32, int64, float64, decimal
	ccString
	ccArray
	ccOther // bool, timestamp, date, struct

	ccAny = ccNumber | ccString | ccArray | ccOther
)

func constraintClassOf(k Kind) constraintClass {
	switch k {
	case KindInt32, KindInt64, KindFloat64, KindDecimal:
		return ccNumber
	case KindString:
		return ccString
	case KindArray:
		return ccArray
	}
	return ccOther
}

// checkConstraints checks that each constraint applies to the type, that its
// argument is well formed, and that together they can be satisfied.
func checkConstraints(cons []Constraint, t Type, ps *tagProblems) {
	var r constraintRange
	for _, c := range cons {
		if !constraintApplies(c, t, ps) {
			continue
		}
		if c.Kind == ConstraintOneOf {
			checkOneOfDuplicates(c.Args, ps)
			continue
		}
		if c.Kind == ConstraintPattern && len(c.Args) == 1 {
			checkPattern(c.Args[0], ps)
			continue
		}
		if len(c.Args) == 1 && c.Kind.IsBound() {
			r.add(c, t.Kind, ps)
		}
	}
	r.check(t.Kind, ps)
}

func constraintApplies(c Constraint, t Type, ps *tagProblems) bool {
	if c.Kind.AppliesTo(t.Kind) {
		return true
	}
	ps.add(CodeNotApplicable, c.Kind.spec().Hint, "validate tag %q does not apply to %s", c.Kind, t.Kind)
	return false
}

// checkPattern checks that a pattern= expression is in the subset where
// Java (Spark's rlike) and Go read it the same way.
func checkPattern(pattern string, ps *tagProblems) {
	var e *regex.Error
	if err := regex.Check(pattern); errors.As(err, &e) {
		ps.add(CodeBadPattern, e.Hint+"; the subset: docs/dsl.md#regular-expressions",
			"pattern %q at byte %d: %s", pattern, e.Offset, e.Problem)
	}
}

func checkOneOfDuplicates(values []string, ps *tagProblems) {
	seen := map[string]bool{}
	for _, v := range values {
		if seen[v] {
			ps.add(CodeContradiction, "list each value once", "oneof lists %q twice", v)
		}
		seen[v] = true
	}
}

// parseNumberArg reads a numeric constraint argument for kind k.
func parseNumberArg(arg string, k Kind) (decimal.Decimal, bool) {
	switch k {
	case KindInt32, KindInt64:
		bits := 64
		if k == KindInt32 {
			bits = 32
		}
		if _, err := strconv.ParseInt(arg, 10, bits); err != nil {
			return decimal.Decimal{}, false
		}
	case KindFloat64:
		f, err := strconv.ParseFloat(arg, 64)
		if err != nil || math.IsInf(f, 0) || math.IsNaN(f) {
			return decimal.Decimal{}, false
		}
	}
	if len(arg) > maxArgNumberLen {
		return decimal.Decimal{}, false
	}
	d, err := decimal.NewFromString(arg)
	if err != nil || d.Exponent() < -maxArgExponent || d.Exponent() > maxArgExponent {
		return decimal.Decimal{}, false
	}
	return d, true
}

// Limits on numeric arguments, so that comparing them stays cheap.
const (
	maxArgNumberLen = 80
	maxArgExponent  = 400
)

// parseLengthArg reads a length argument: a non-negative integer.
func parseLengthArg(arg string) (decimal.Decimal, bool) {
	n, err := strconv.ParseInt(arg, 10, 32)
	if err != nil || n < 0 {
		return decimal.Decimal{}, false
	}
	return decimal.NewFromInt(n), true
}
