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
// with the same pattern on the same valid UTF-8 subject. An error is an
// *Error.
func Compile(pattern string) (*regexp.Regexp, error) {
	p := &parser{src: pattern, names: map[string]bool{}}
	if _, err := p.alternation(); err != nil {
		return nil, err
	}
	if p.pos < len(p.src) { // only an unmatched ')' stops the top level early
		return nil, p.fail(p.pos, "unmatched )", `escape a literal parenthesis as \)`)
	}
	re, err := regexp.Compile(p.out.String())
	if err != nil {
		return nil, &Error{Offset: 0, Problem: "Go cannot compile the pattern: " + err.Error(), Hint: "make it smaller, e.g. fewer or smaller nested repetitions"}
	}
	return re, nil
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
