package sparksql

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/regex"
)

// numberArg is the shape of a numeric constraint argument.
var numberArg = regexp.MustCompile(`^[-+]?[0-9]+(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// constraintRules compiles the constraints of field f (type t, value in the
// value val) in tag order, with each rule's constraint as tagged (its
// Check.Rule). required on a string is the non-empty check; on other kinds
// it only makes the field required (see isRequired).
func constraintRules(f *contracts.Field, val value) (rules []rule, tags []string, err error) {
	for _, c := range f.Constraints {
		r, skip, err := constraintRule(f.Type, c, val)
		if err != nil {
			return nil, nil, fmt.Errorf("constraint %s: %w", c.Kind, err)
		}
		if !skip {
			rules, tags = append(rules, r), append(tags, constraintTag(c))
		}
	}
	return rules, tags, nil
}

// constraintTag is c as the contract's tag writes it: kind=args.
func constraintTag(c contracts.Constraint) string {
	if len(c.Args) == 0 {
		return string(c.Kind)
	}
	return string(c.Kind) + "=" + strings.Join(c.Args, " ")
}

func constraintRule(t contracts.Type, c contracts.Constraint, val value) (rule, bool, error) {
	switch {
	case c.Kind == contracts.ConstraintOmitEmpty:
		return rule{}, true, nil
	case c.Kind == contracts.ConstraintRequired:
		if t.Kind != contracts.KindString {
			return rule{}, true, nil
		}
		return rule{contracts.ReasonMissingRequired, val.str + " <> ''", "is required and must not be empty"}, false, nil
	case c.Kind.IsBound():
		r, err := compareRule(t, c, val)
		return r, false, err
	case c.Kind == contracts.ConstraintOneOf:
		r, err := enumRule(t, c, val)
		return r, false, err
	}
	r, err := formatRule(t, c, val)
	return r, false, err
}

func oneArg(c contracts.Constraint) (string, error) {
	if len(c.Args) != 1 {
		return "", fmt.Errorf("needs one argument, got %d", len(c.Args))
	}
	return c.Args[0], nil
}

// compareRule compiles a bound: a length on strings (code points) and
// arrays (elements), a numeric comparison on numbers, exact for integers
// and decimals (DECIMAL literals) and in float64 for floats (DOUBLE
// literals).
func compareRule(t contracts.Type, c contracts.Constraint, val value) (rule, error) {
	arg, err := oneArg(c)
	if err != nil {
		return rule{}, err
	}
	spec, _ := c.Kind.Spec()
	op := spec.Op // min is gte and max is lte on numbers
	switch t.Kind {
	case contracts.KindString, contracts.KindArray:
		n, err := strconv.Atoi(arg)
		if err != nil || n < 0 {
			return rule{}, fmt.Errorf("argument %q is not a length", arg)
		}
		length := fmt.Sprintf("char_length(%s)", val.str)
		if t.Kind == contracts.KindArray {
			length = fmt.Sprintf("array_size(%s)", variantAs(val.v, "array<variant>"))
		}
		return rule{contracts.ReasonBadLength, fmt.Sprintf("%s %s %d", length, op, n), fmt.Sprintf("length must be %s %d", op, n)}, nil
	case contracts.KindInt32, contracts.KindInt64, contracts.KindFloat64, contracts.KindDecimal:
		if !c.Kind.AppliesTo(t.Kind) {
			return rule{}, fmt.Errorf("applies to strings and arrays only")
		}
		if !numberArg.MatchString(arg) {
			return rule{}, fmt.Errorf("argument %q is not a number", arg)
		}
		return rule{contracts.ReasonOutOfRange, fmt.Sprintf("%s %s %s", numberValue(t, val), op, numberLiteral(t.Kind, arg)),
			fmt.Sprintf("must be %s %s", op, arg)}, nil
	}
	return rule{}, fmt.Errorf("does not apply to %s", t.Kind)
}

// numberValue is the typed value of a number (see typedExpr): the BIGINT
// read of an integer, the typed number of a float or decimal.
func numberValue(t contracts.Type, val value) string {
	switch t.Kind {
	case contracts.KindInt32, contracts.KindInt64:
		return val.long
	}
	return val.number
}

// numberLiteral renders a checked numeric argument as a DOUBLE literal for
// floats and an exact DECIMAL (BD) literal otherwise, in parentheses so a
// sign binds.
func numberLiteral(k contracts.Kind, arg string) string {
	sign := ""
	switch arg[0] {
	case '-':
		sign, arg = "-", arg[1:]
	case '+':
		arg = arg[1:]
	}
	suffix := "BD"
	if k == contracts.KindFloat64 {
		suffix = "D"
	}
	return "(" + sign + arg + suffix + ")"
}

func enumRule(t contracts.Type, c contracts.Constraint, val value) (rule, error) {
	if t.Kind != contracts.KindString {
		return rule{}, fmt.Errorf("applies to strings only, not %s", t.Kind)
	}
	if len(c.Args) == 0 {
		return rule{}, fmt.Errorf("needs at least one value")
	}
	vals := make([]string, len(c.Args))
	for i, a := range c.Args {
		vals[i] = QuoteString(a)
	}
	return rule{contracts.ReasonBadEnum, fmt.Sprintf("%s IN (%s)", val.str, strings.Join(vals, ", ")),
		"must be one of " + strings.Join(c.Args, ", ")}, nil
}

// formatRule compiles the BAD_FORMAT constraints. The patterns are those of
// contracts.FormatPattern (RE2 and Java read them the same: \z anchors,
// explicit whitespace classes); rlike is Java's Matcher.find, and the
// patterns are anchored, so find is a full match.
func formatRule(t contracts.Type, c contracts.Constraint, val value) (rule, error) {
	if t.Kind != contracts.KindString {
		return rule{}, fmt.Errorf("unsupported here or not applicable to %s", t.Kind)
	}
	s := val.str
	if p, ok := contracts.FormatPattern(c.Kind); ok {
		return rule{contracts.ReasonBadFormat, fmt.Sprintf("%s RLIKE %s", s, QuoteString(p)), "is not a valid " + string(c.Kind)}, nil
	}
	switch c.Kind {
	case contracts.ConstraintPattern:
		return patternRule(c, s)
	case contracts.ConstraintLowercase:
		return rule{contracts.ReasonBadFormat, fmt.Sprintf("%s = lower(%s)", s, s), "is not lowercase"}, nil
	case contracts.ConstraintUppercase:
		return rule{contracts.ReasonBadFormat, fmt.Sprintf("%s = upper(%s)", s, s), "is not uppercase"}, nil
	case contracts.ConstraintStartsWith, contracts.ConstraintEndsWith, contracts.ConstraintContains:
		arg, err := oneArg(c)
		if err != nil {
			return rule{}, err
		}
		return rule{contracts.ReasonBadFormat, fmt.Sprintf("%s(%s, %s)", c.Kind, s, QuoteString(arg)),
			fmt.Sprintf("does not satisfy %s=%s", c.Kind, arg)}, nil
	}
	return rule{}, fmt.Errorf("unsupported constraint (see docs/validation.md)")
}

// patternRule compiles pattern=: RLIKE (Java's Matcher.find, a match
// anywhere, as Go's regexp finds one) with the user's pattern as a string
// literal, once contracts/regex has checked that Java reads it as Go does.
func patternRule(c contracts.Constraint, s string) (rule, error) {
	arg, err := oneArg(c)
	if err != nil {
		return rule{}, err
	}
	if err := regex.Check(arg); err != nil {
		return rule{}, fmt.Errorf("pattern %q: %w", arg, err)
	}
	return rule{contracts.ReasonPatternMismatch, fmt.Sprintf("%s RLIKE %s", s, QuoteString(arg)), "does not match the pattern " + arg}, nil
}
