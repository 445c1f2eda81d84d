package contracts

import (
	"bytes"
	"fmt"
	"regexp"
	"unicode"
	"unicode/utf8"
)

// The format patterns of docs/validation.md, written so that Go RE2 and Java
// regex read them identically (\z, not $: Java's $ also matches before a
// final line terminator).
var formatPatterns = map[string]string{
	"uuid":     `^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}\z`,
	"email":    "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+\\z",
	"url":      `^[A-Za-z][A-Za-z0-9+.-]*://[^\t\n\x0B\f\r /?#]+[^\t\n\x0B\f\r ]*\z`,
	"alpha":    `^[A-Za-z]+\z`,
	"alphanum": `^[A-Za-z0-9]+\z`,
	"numeric":  `^[-+]?[0-9]+(?:\.[0-9]+)?\z`,
}

// FormatPattern returns the anchored regular expression of a pattern
// constraint (uuid, email, url, alpha, alphanum, numeric), for engines that
// must implement the same rule.
func FormatPattern(tag string) (string, bool) {
	p, ok := formatPatterns[tag]
	return p, ok
}

var compiledFormats = func() map[string]*regexp.Regexp {
	out := make(map[string]*regexp.Regexp, len(formatPatterns))
	for k, p := range formatPatterns {
		out[k] = regexp.MustCompile(p)
	}
	return out
}()

// formatChecks lists the string format constraints.
var formatChecks = map[string]bool{
	"uuid": true, "email": true, "url": true, "alpha": true, "alphanum": true, "numeric": true,
	"lowercase": true, "uppercase": true, "startswith": true, "endswith": true, "contains": true,
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
	case "lowercase":
		return caseCheck(c.Kind, unicode.ToLower), nil
	case "uppercase":
		return caseCheck(c.Kind, unicode.ToUpper), nil
	}
	if len(c.Args) != 1 {
		return nil, fmt.Errorf("needs one argument")
	}
	arg := []byte(c.Args[0])
	test := map[string]func([]byte, []byte) bool{
		"startswith": bytes.HasPrefix, "endswith": bytes.HasSuffix, "contains": bytes.Contains,
	}[c.Kind]
	return func(b []byte, _ *Value) *failure {
		if test(b, arg) {
			return nil
		}
		return fail(ReasonBadFormat, "%q does not satisfy %s=%s", b, c.Kind, arg)
	}, nil
}

// caseCheck passes when every code point equals its own case mapping.
func caseCheck(tag string, mapping func(rune) rune) check {
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
