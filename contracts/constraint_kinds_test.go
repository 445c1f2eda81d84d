package contracts

import (
	"regexp"
	"testing"
)

// TestConstraintSpecs checks the vocabulary table's rows against each other
// and against the tag parser and docs/validation.md.
func TestConstraintSpecs(t *testing.T) {
	seen := map[ConstraintKind]bool{}
	for _, s := range constraintSpecs {
		if seen[s.Kind] {
			t.Errorf("%s: listed twice", s.Kind)
		}
		seen[s.Kind] = true
		if got, ok := s.Kind.Spec(); !ok || got.Kind != s.Kind {
			t.Errorf("%s: Spec() = %v, %v", s.Kind, got, ok)
		}
		if s.Op != "" && (s.Arg != ConstraintArgOne || s.Format) {
			t.Errorf("%s: a bound takes one argument and is no format", s.Kind)
		}
		if s.Format && (s.targets != ccString || s.Reason != ReasonBadFormat && s.Kind != ConstraintPattern) {
			t.Errorf("%s: a format applies to strings and fails with BAD_FORMAT", s.Kind)
		}
		if s.Pattern != "" {
			if _, err := regexp.Compile(s.Pattern); err != nil || !s.Format || s.Arg != ConstraintArgNone {
				t.Errorf("%s: pattern %q: %v", s.Kind, s.Pattern, err)
			}
		}
		if s.targets != ccAny && s.Hint == "" {
			t.Errorf("%s: applies to some types only but has no hint", s.Kind)
		}
		tag := string(s.Kind)
		if s.Arg != ConstraintArgNone {
			tag += "=1"
		}
		cons, ps := parseValidateTag(tag)
		if len(ps) != 0 || (len(cons) == 1) == (s.Kind == ConstraintOmitEmpty) {
			t.Errorf("parse %q: %v, %v", tag, cons, ps)
		}
	}
	const doc = "required, omitempty, gt, gte, lt, lte, min, max, len, oneof, email, uuid, url, " +
		"alpha, alphanum, numeric, lowercase, uppercase, startswith, endswith, contains, pattern"
	if got := supportedValidateTags(); got != doc {
		t.Errorf("supportedValidateTags() = %q, want %q", got, doc)
	}
}

// TestConstraintBounds checks the bound accessors and the reason codes.
func TestConstraintBounds(t *testing.T) {
	for _, tc := range []struct {
		k                   ConstraintKind
		lower, upper, strct bool
		holds               [3]bool // for value <, = and > the argument
	}{
		{ConstraintGT, true, false, true, [3]bool{false, false, true}},
		{ConstraintGTE, true, false, false, [3]bool{false, true, true}},
		{ConstraintMin, true, false, false, [3]bool{false, true, true}},
		{ConstraintLT, false, true, true, [3]bool{true, false, false}},
		{ConstraintLTE, false, true, false, [3]bool{true, true, false}},
		{ConstraintMax, false, true, false, [3]bool{true, true, false}},
		{ConstraintLen, false, false, false, [3]bool{false, true, false}},
	} {
		if tc.k.LowerBound() != tc.lower || tc.k.UpperBound() != tc.upper || tc.k.Strict() != tc.strct || !tc.k.IsBound() {
			t.Errorf("%s: lower %v upper %v strict %v", tc.k, tc.k.LowerBound(), tc.k.UpperBound(), tc.k.Strict())
		}
		for i, want := range tc.holds {
			if got := tc.k.Holds(i - 1); got != want {
				t.Errorf("%s.Holds(%d) = %v, want %v", tc.k, i-1, got, want)
			}
		}
	}
	for _, tc := range []struct {
		k    ConstraintKind
		on   Kind
		want ReasonCode
	}{
		{ConstraintRequired, KindInt64, ReasonMissingRequired},
		{ConstraintGT, KindInt64, ReasonOutOfRange},
		{ConstraintMin, KindDecimal, ReasonOutOfRange},
		{ConstraintMin, KindString, ReasonBadLength},
		{ConstraintLen, KindArray, ReasonBadLength},
		{ConstraintOneOf, KindString, ReasonBadEnum},
		{ConstraintContains, KindString, ReasonBadFormat},
		{ConstraintOmitEmpty, KindString, ""},
	} {
		if got := tc.k.ReasonOn(tc.on); got != tc.want {
			t.Errorf("%s.ReasonOn(%s) = %q, want %q", tc.k, tc.on, got, tc.want)
		}
	}
}
