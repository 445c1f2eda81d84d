package regex

import (
	"fmt"
	"regexp"
)

// Error is a pattern outside the subset: Offset is the byte offset in the
// pattern where the problem starts, Problem says what is wrong and Hint how
// to write it so both engines agree.
type Error struct {
	Offset  int
	Problem string
	Hint    string
}

// Error returns "at byte N: problem (hint)".
func (e *Error) Error() string {
	return fmt.Sprintf("at byte %d: %s (%s)", e.Offset, e.Problem, e.Hint)
}

// Check returns nil when pattern is in the subset where Go and Java read it
// the same way, else an *Error.
func Check(pattern string) error {
	_, err := Compile(pattern)
	return err
}

// Compile checks pattern and compiles it for Go with Java's meaning: the
// result finds, matches and captures exactly what java.util.regex does
// with the same pattern on the same valid UTF-8 subject (its first match;
// for every match see CompileFindAll). An error is an *Error.
func Compile(pattern string) (*regexp.Regexp, error) {
	re, _, err := compile(pattern)
	return re, err
}

// CompileFindAll is Compile for functions that use every match
// (regexp_replace, split): it also refuses a pattern that can match the
// empty string. After an empty match Java searches again one UTF-16 unit
// further, inside a surrogate pair, and after a non-empty match it accepts
// an empty one where Go does not (regexp_replace('abc', 'b*', '-') is
// -a--c- on Spark, -a-c- in Go). Without empty matches both find the same
// successive matches, so ReplaceAllLiteralString and Split mean Spark's.
func CompileFindAll(pattern string) (*regexp.Regexp, error) {
	re, nullable, err := compile(pattern)
	if err == nil && nullable {
		return nil, &Error{Offset: 0, Problem: "a pattern that can match the empty string, where every match is used", Hint: "make it match at least one character, e.g. a+ instead of a*; Java and Go find empty matches at different places"}
	}
	return re, err
}

// compile parses pattern, compiles its Go form and says whether it can
// match the empty string.
func compile(pattern string) (*regexp.Regexp, bool, error) {
	p := &parser{src: pattern, names: map[string]bool{}}
	nullable, err := p.alternation()
	if err != nil {
		return nil, false, err
	}
	if p.pos < len(p.src) { // only an unmatched ')' stops the top level early
		return nil, false, p.fail(p.pos, "unmatched )", `escape a literal parenthesis as \)`)
	}
	re, err := regexp.Compile(p.out.String())
	if err != nil {
		return nil, false, &Error{Offset: 0, Problem: "Go cannot compile the pattern: " + err.Error(), Hint: "make it smaller, e.g. fewer or smaller nested repetitions"}
	}
	return re, nullable, nil
}

// Translate returns pattern in Go's syntax with Java's meaning (what
// Compile compiles), or an *Error.
func Translate(pattern string) (string, error) {
	re, err := Compile(pattern)
	if err != nil {
		return "", err
	}
	return re.String(), nil
}
