package contracts

import (
	"bytes"
	"fmt"
	"regexp"
	"unicode"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts/regex"
)

// FormatPattern returns the anchored regular expression of a pattern
// constraint (uuid, email, url, alpha, alphanum, numeric), for engines that
// must implement the same rule; see ConstraintSpec.Pattern.
func FormatPattern(k ConstraintKind) (string, bool) {
	p := k.spec().Pattern
	return p, p != ""
}

// compiledFormats are the pattern formats' regular expressions.
var compiledFormats = func() map[ConstraintKind]*regexp.Regexp {
	out := map[ConstraintKind]*regexp.Regexp{}
	for _, s := range constraintSpecs {
		if s.Pattern != "" {
			out[s.Kind] = regexp.MustCompile(s.Pattern)
		}
	}
	return out
}()

// substringTests are the tests of the substring formats.
var substringTests = map[ConstraintKind]func([]byte, []byte) bool{
	ConstraintStartsWith: bytes.HasPrefix, ConstraintEndsWith: bytes.HasSuffix, ConstraintContains: bytes.Contains,
}

// compileFormat compiles a BAD_FORMAT constraint.
func compileFormat(c Constraint) (check, error) {
	if re, ok := compiledFormats[c.Kind]; ok {
		return func(b []byte, _ *Value) *failure {
			if re.Match(b) {
				return nil
			}
			return fail(ReasonBadFormat, "%q is not a valid %s", b, c.Kind)
		}, nil
	}
	switch c.Kind {
	case ConstraintPattern:
		return compilePattern(c)
	case ConstraintLowercase:
		return caseCheck(c.Kind, unicode.ToLower), nil
	case ConstraintUppercase:
		return caseCheck(c.Kind, unicode.ToUpper), nil
	}
	test, ok := substringTests[c.Kind]
	if !ok {
		return nil, fmt.Errorf("unsupported constraint (see docs/validation.md)")
	}
	if len(c.Args) != 1 {
		return nil, fmt.Errorf("needs one argument")
	}
	arg := []byte(c.Args[0])
	return func(b []byte, _ *Value) *failure {
		if test(b, arg) {
			return nil
		}
		return fail(ReasonBadFormat, "%q does not satisfy %s=%s", b, c.Kind, arg)
	}, nil
}

// caseCheck passes when every code point equals its own case mapping.
func caseCheck(tag ConstraintKind, mapping func(rune) rune) check {
	return func(b []byte, _ *Value) *failure {
		for s := b; len(s) > 0; {
			r, n := utf8.DecodeRune(s)
			if mapping(r) != r {
				return fail(ReasonBadFormat, "%q is not %s", b, tag)
			}
			s = s[n:]
		}
		return nil
	}
}

// compilePattern compiles pattern=: a match somewhere in the value (as
// Spark's rlike finds one), with Java's meaning of the pattern.
func compilePattern(c Constraint) (check, error) {
	if len(c.Args) != 1 {
		return nil, fmt.Errorf("needs one argument")
	}
	re, err := regex.Compile(c.Args[0])
	if err != nil {
		return nil, fmt.Errorf("pattern %q: %w", c.Args[0], err)
	}
	return func(b []byte, _ *Value) *failure {
		if re.Match(b) {
			return nil
		}
		return fail(ReasonPatternMismatch, "%q does not match the pattern %s", b, c.Args[0])
	}, nil
}
