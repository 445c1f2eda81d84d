package contracts

import (
	"cmp"
	"fmt"
	"strconv"
	"unicode/utf8"
)

// failure is a failed check before it becomes a Rejection.
type failure struct {
	code ReasonCode
	msg  string
	path string
	rule string // the cross-field rule's name (ReasonRuleViolated)
}

// check is one compiled constraint. String checks read b, the decoded
// string (v is not filled yet); every other check reads v.
type check func(b []byte, v *Value) *failure

func fail(code ReasonCode, format string, args ...any) *failure {
	return &failure{code: code, msg: fmt.Sprintf(format, args...)}
}

// compileCheck compiles constraint c for a field of type t.
func compileCheck(c Constraint, t *typePlan) (check, error) {
	switch {
	case c.Kind == ConstraintRequired:
		return nonEmptyCheck, nil
	case c.Kind.IsBound():
		return compileCompare(c, t)
	case c.Kind != ConstraintOneOf && !c.Kind.spec().Format:
		return nil, fmt.Errorf("unsupported constraint (see docs/validation.md)")
	case !c.Kind.AppliesTo(t.kind):
		return nil, fmt.Errorf("applies to strings only, not %s", t.kind)
	case c.Kind == ConstraintOneOf:
		return enumCheck(c.Args), nil
	}
	return compileFormat(c)
}

// compileCompare compiles a comparison: a bound on numbers, a length bound
// on strings and arrays.
func compileCompare(c Constraint, t *typePlan) (check, error) {
	if len(c.Args) != 1 {
		return nil, fmt.Errorf("needs one argument")
	}
	switch t.kind {
	case KindString, KindArray:
		if !c.Kind.AppliesTo(t.kind) {
			return nil, fmt.Errorf("applies to numbers only, not %s", t.kind)
		}
		n, err := strconv.Atoi(c.Args[0])
		if err != nil || n < 0 {
			return nil, fmt.Errorf("argument %q is not a length", c.Args[0])
		}
		return lengthCheck(c.Kind, n, t.kind == KindString), nil
	case KindInt32, KindInt64, KindFloat64, KindDecimal:
		if !c.Kind.AppliesTo(t.kind) {
			return nil, fmt.Errorf("applies to strings and arrays only")
		}
		return compileBound(c.Kind, c.Args[0], t)
	}
	return nil, fmt.Errorf("does not apply to %s", t.kind)
}

func nonEmptyCheck(b []byte, _ *Value) *failure {
	if len(b) == 0 {
		return fail(ReasonMissingRequired, "is required and must not be empty")
	}
	return nil
}

// lengthCheck compiles min/max/len on a length: code points of a string or
// elements of an array.
func lengthCheck(op ConstraintKind, n int, isString bool) check {
	holds := newBoundOp(op, "").holds
	return func(b []byte, v *Value) *failure {
		var got int
		if isString {
			got = utf8.RuneCount(b)
		} else {
			got = len(v.List())
		}
		if holds[cmp.Compare(got, n)+1] {
			return nil
		}
		return fail(ReasonBadLength, "length %d violates %s=%d", got, op, n)
	}
}

func enumCheck(values []string) check {
	return func(b []byte, _ *Value) *failure {
		for _, s := range values {
			if string(b) == s {
				return nil
			}
		}
		return fail(ReasonBadEnum, "%q is not one of %v", b, values)
	}
}
