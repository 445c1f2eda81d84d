package contracts

import "strings"

// ConstraintKind names a constraint: the key of a validate tag item
// (validator/v10 vocabulary, docs/validation.md). Its string is the tag key,
// which is also how Constraint.Kind is serialised.
type ConstraintKind string

// The supported constraint kinds, in the order docs/validation.md lists them.
const (
	ConstraintRequired   ConstraintKind = "required"   // present, and a non-empty string
	ConstraintOmitEmpty  ConstraintKind = "omitempty"  // accepted and dropped: optionality comes from pointers
	ConstraintGT         ConstraintKind = "gt"         // number > arg
	ConstraintGTE        ConstraintKind = "gte"        // number >= arg
	ConstraintLT         ConstraintKind = "lt"         // number < arg
	ConstraintLTE        ConstraintKind = "lte"        // number <= arg
	ConstraintMin        ConstraintKind = "min"        // number >= arg, or length >= arg
	ConstraintMax        ConstraintKind = "max"        // number <= arg, or length <= arg
	ConstraintLen        ConstraintKind = "len"        // length == arg
	ConstraintOneOf      ConstraintKind = "oneof"      // one of the listed strings
	ConstraintEmail      ConstraintKind = "email"      // an e-mail address
	ConstraintUUID       ConstraintKind = "uuid"       // a UUID
	ConstraintURL        ConstraintKind = "url"        // an absolute URL
	ConstraintAlpha      ConstraintKind = "alpha"      // ASCII letters
	ConstraintAlphaNum   ConstraintKind = "alphanum"   // ASCII letters and digits
	ConstraintNumeric    ConstraintKind = "numeric"    // a decimal number
	ConstraintLowercase  ConstraintKind = "lowercase"  // equal to its lower case
	ConstraintUppercase  ConstraintKind = "uppercase"  // equal to its upper case
	ConstraintStartsWith ConstraintKind = "startswith" // has the prefix arg
	ConstraintEndsWith   ConstraintKind = "endswith"   // has the suffix arg
	ConstraintContains   ConstraintKind = "contains"   // contains arg
	ConstraintPattern    ConstraintKind = "pattern"    // a match of the regular expression arg somewhere in it (contracts/regex subset)
)

// ConstraintArg is the argument a constraint kind takes in a validate tag.
type ConstraintArg int

// The argument shapes.
const (
	ConstraintArgNone ConstraintArg = iota // no argument: required, email, ...
	ConstraintArgOne                       // exactly one argument: gt=0, startswith=x
	ConstraintArgList                      // space-separated values: oneof=a b 'c d'
)

// ConstraintSpec is what one constraint kind is, for every tool that reads
// constraints: the tag parser, the contract checks, Go validation, the Spark
// SQL rules and the generators.
type ConstraintSpec struct {
	// Kind is the kind the row describes.
	Kind ConstraintKind
	// Arg is the argument the tag takes.
	Arg ConstraintArg
	// targets are the classes of field types the kind applies to; Hint says
	// what to do instead on the others.
	targets constraintClass
	Hint    string
	// Op is the comparison of a bound, as a symbol: the value (a number, or
	// the length of a string or array) compared with the argument. It is ""
	// for kinds that are not bounds.
	Op string
	// Format marks the string predicates (patterns, case and substring
	// checks, pattern=), which fail with Reason: BAD_FORMAT, or
	// PATTERN_MISMATCH for pattern=.
	Format bool
	// Pattern is the anchored regular expression of a pattern format, written
	// so that Go RE2 and Java regex read it identically (\z, not $: Java's $
	// also matches before a final line terminator).
	Pattern string
	// Reason is the reason code a value fails the constraint with; a bound
	// on a length fails with BAD_LENGTH instead (see ReasonOn). It is empty
	// for omitempty, which checks nothing.
	Reason ReasonCode
}

// Hints for constraints on a type they do not apply to.
const (
	compareHint          = "comparisons apply to numbers; use min/max (or len) for a length"
	formatConstraintHint = "format checks apply to strings"
)

// constraintSpecs is the constraint vocabulary: one row per kind, in the
// order docs/validation.md lists them (and the parser's hint repeats).
var constraintSpecs = []ConstraintSpec{
	{Kind: ConstraintRequired, targets: ccAny, Reason: ReasonMissingRequired},
	{Kind: ConstraintOmitEmpty, targets: ccAny},
	{Kind: ConstraintGT, Arg: ConstraintArgOne, targets: ccNumber, Hint: compareHint, Op: ">", Reason: ReasonOutOfRange},
	{Kind: ConstraintGTE, Arg: ConstraintArgOne, targets: ccNumber, Hint: compareHint, Op: ">=", Reason: ReasonOutOfRange},
	{Kind: ConstraintLT, Arg: ConstraintArgOne, targets: ccNumber, Hint: compareHint, Op: "<", Reason: ReasonOutOfRange},
	{Kind: ConstraintLTE, Arg: ConstraintArgOne, targets: ccNumber, Hint: compareHint, Op: "<=", Reason: ReasonOutOfRange},
	{Kind: ConstraintMin, Arg: ConstraintArgOne, targets: ccNumber | ccString | ccArray,
		Hint: "min applies to numbers, strings and slices", Op: ">=", Reason: ReasonOutOfRange},
	{Kind: ConstraintMax, Arg: ConstraintArgOne, targets: ccNumber | ccString | ccArray,
		Hint: "max applies to numbers, strings and slices", Op: "<=", Reason: ReasonOutOfRange},
	{Kind: ConstraintLen, Arg: ConstraintArgOne, targets: ccString | ccArray,
		Hint: "len applies to strings and slices; use gte and lte for numbers", Op: "=", Reason: ReasonOutOfRange},
	{Kind: ConstraintOneOf, Arg: ConstraintArgList, targets: ccString,
		Hint: "oneof applies to strings; use gte/lte for numbers, or make the field a string", Reason: ReasonBadEnum},
	pattern(ConstraintEmail, "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+\\z"),
	pattern(ConstraintUUID, `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\z`),
	pattern(ConstraintURL, `^[A-Za-z][A-Za-z0-9+.-]*://[^\t\n\x0B\f\r /?#]+[^\t\n\x0B\f\r ]*\z`),
	pattern(ConstraintAlpha, `^[A-Za-z]+\z`),
	pattern(ConstraintAlphaNum, `^[A-Za-z0-9]+\z`),
	pattern(ConstraintNumeric, `^[-+]?[0-9]+(?:\.[0-9]+)?\z`),
	format(ConstraintLowercase, ConstraintArgNone),
	format(ConstraintUppercase, ConstraintArgNone),
	format(ConstraintStartsWith, ConstraintArgOne),
	format(ConstraintEndsWith, ConstraintArgOne),
	format(ConstraintContains, ConstraintArgOne),
	{Kind: ConstraintPattern, Arg: ConstraintArgOne, targets: ccString, Hint: formatConstraintHint, Format: true, Reason: ReasonPatternMismatch},
}

// format is the row of a string predicate.
func format(k ConstraintKind, arg ConstraintArg) ConstraintSpec {
	return ConstraintSpec{Kind: k, Arg: arg, targets: ccString, Hint: formatConstraintHint, Format: true, Reason: ReasonBadFormat}
}

// pattern is the row of a pattern format.
func pattern(k ConstraintKind, re string) ConstraintSpec {
	s := format(k, ConstraintArgNone)
	s.Pattern = re
	return s
}

// constraintIndex finds a kind's row in constraintSpecs.
var constraintIndex = func() map[ConstraintKind]int {
	out := make(map[ConstraintKind]int, len(constraintSpecs))
	for i, s := range constraintSpecs {
		out[s.Kind] = i
	}
	return out
}()

// ConstraintKinds lists the supported kinds in documentation order.
func ConstraintKinds() []ConstraintKind {
	out := make([]ConstraintKind, len(constraintSpecs))
	for i, s := range constraintSpecs {
		out[i] = s.Kind
	}
	return out
}

// Spec returns the kind's row of the vocabulary; false for an unsupported
// kind.
func (k ConstraintKind) Spec() (ConstraintSpec, bool) {
	i, ok := constraintIndex[k]
	if !ok {
		return ConstraintSpec{}, false
	}
	return constraintSpecs[i], true
}

// spec is Spec without the flag: the zero spec for an unsupported kind.
func (k ConstraintKind) spec() ConstraintSpec {
	s, _ := k.Spec()
	return s
}

// AppliesTo reports whether the kind applies to a field of kind t.
func (k ConstraintKind) AppliesTo(t Kind) bool {
	return k.spec().targets&constraintClassOf(t) != 0
}

// IsBound reports whether the kind bounds a number or a length (gt, gte, lt,
// lte, min, max, len).
func (k ConstraintKind) IsBound() bool { return k.spec().Op != "" }

// IsLengthBound reports whether the kind, on a field of kind t, bounds a
// length (min, max and len on strings and arrays) rather than a number.
func (k ConstraintKind) IsLengthBound(t Kind) bool {
	return k.IsBound() && k.AppliesTo(t) && constraintClassOf(t)&(ccString|ccArray) != 0
}

// ReasonOn is the reason code a value of kind t fails the constraint with.
func (k ConstraintKind) ReasonOn(t Kind) ReasonCode {
	if k.IsLengthBound(t) {
		return ReasonBadLength
	}
	return k.spec().Reason
}

// Holds reports whether a comparison result (cmp.Compare(value, arg))
// satisfies the bound; false for kinds that are not bounds.
func (k ConstraintKind) Holds(c int) bool {
	switch k.spec().Op {
	case ">":
		return c > 0
	case ">=":
		return c >= 0
	case "<":
		return c < 0
	case "<=":
		return c <= 0
	case "=":
		return c == 0
	}
	return false
}

// LowerBound reports whether the kind is a lower bound (gt, gte, min).
func (k ConstraintKind) LowerBound() bool { return strings.HasPrefix(k.spec().Op, ">") }

// UpperBound reports whether the kind is an upper bound (lt, lte, max).
func (k ConstraintKind) UpperBound() bool { return strings.HasPrefix(k.spec().Op, "<") }

// Strict reports whether the bound excludes its argument (gt, lt).
func (k ConstraintKind) Strict() bool {
	op := k.spec().Op
	return op == ">" || op == "<"
}
