package regex

import (
	"regexp"
	"strconv"
	"strings"
	"unicode/utf8"
)

// maxRepeat is Go's largest repetition count (regexp/syntax).
const maxRepeat = 1000

// javaDot is Java's `.` without DOTALL: any character but its line
// terminators.
const javaDot = `[^\n\r\x{85}\x{2028}\x{2029}]`

// parser reads the subset by recursive descent and writes the Go pattern.
type parser struct {
	src    string
	pos    int
	out    strings.Builder
	dotAll bool            // (?s) is in effect
	names  map[string]bool // named groups seen
}

// atom is what the parser knows of a parsed piece.
type atom struct {
	nullable  bool // it can match the empty string
	assertion bool // a zero-width assertion: nothing to repeat
}

func (p *parser) fail(off int, problem, hint string) *Error {
	return &Error{Offset: off, Problem: problem, Hint: hint}
}

func (p *parser) more() bool { return p.pos < len(p.src) }

func (p *parser) peek() byte { return p.src[p.pos] }

func (p *parser) has(prefix string) bool { return strings.HasPrefix(p.src[p.pos:], prefix) }

// alternation reads branches separated by '|' up to a ')' or the end.
func (p *parser) alternation() (bool, error) {
	nullable := false
	for {
		n, err := p.concat()
		if err != nil {
			return false, err
		}
		nullable = nullable || n
		if !p.more() || p.peek() != '|' {
			return nullable, nil
		}
		p.out.WriteByte('|')
		p.pos++
	}
}

// concat reads repeated atoms up to a '|', a ')' or the end.
func (p *parser) concat() (bool, error) {
	nullable := true
	for p.more() && p.peek() != '|' && p.peek() != ')' {
		a, err := p.repeat()
		if err != nil {
			return false, err
		}
		nullable = nullable && a.nullable
	}
	return nullable, nil
}

// repeat reads an atom and its quantifier, if any.
func (p *parser) repeat() (atom, error) {
	a, err := p.atom()
	if err != nil || !p.more() || !isQuantifier(p.peek()) {
		return a, err
	}
	at := p.pos
	if a.assertion {
		return a, p.fail(at, "a quantifier after an assertion or flag", "remove it: there is nothing to repeat")
	}
	lo, hi, err := p.quantifier()
	if err != nil {
		return a, err
	}
	if a.nullable && (hi < 0 || hi > 1) {
		return a, p.fail(at, "a repetition of a part that can match the empty string", "make the repeated part non-empty, e.g. (a*)* as (a+)* or a*; Java and Go record captures of empty iterations differently")
	}
	if p.more() && p.peek() == '?' {
		p.out.WriteByte('?')
		p.pos++
	}
	if p.more() && p.peek() == '+' {
		return a, p.fail(p.pos, "a possessive quantifier (Java only)", "drop the +: Go has no possessive quantifiers")
	}
	if p.more() && isQuantifier(p.peek()) {
		return a, p.fail(p.pos, "a quantifier after a quantifier", "group the part first, e.g. (?:a{2}){3}")
	}
	a.nullable = a.nullable || lo == 0
	return a, nil
}

func isQuantifier(c byte) bool { return c == '*' || c == '+' || c == '?' || c == '{' }

// quantifier reads *, +, ?, {n}, {n,} or {n,m}; hi is -1 when unbounded.
func (p *parser) quantifier() (lo, hi int, err error) {
	c := p.peek()
	switch c {
	case '*':
		p.pos++
		p.out.WriteByte(c)
		return 0, -1, nil
	case '+':
		p.pos++
		p.out.WriteByte(c)
		return 1, -1, nil
	case '?':
		p.pos++
		p.out.WriteByte(c)
		return 0, 1, nil
	}
	return p.braces()
}

var bracesRE = regexp.MustCompile(`^\{([0-9]+)(,([0-9]*))?\}`)

// braces reads {n}, {n,} or {n,m}.
func (p *parser) braces() (lo, hi int, err error) {
	at := p.pos
	m := bracesRE.FindStringSubmatch(p.src[p.pos:])
	if m == nil {
		return 0, 0, p.fail(at, "a { that does not start a repetition {n}, {n,} or {n,m}", `escape a literal brace as \{; write {0,n} for at most n`)
	}
	lo, err1 := strconv.Atoi(m[1])
	hi, err2 := lo, error(nil)
	if m[2] != "" {
		hi = -1
		if m[3] != "" {
			hi, err2 = strconv.Atoi(m[3])
		}
	}
	switch {
	case err1 != nil || err2 != nil || lo > maxRepeat || hi > maxRepeat:
		return 0, 0, p.fail(at, "a repetition count above 1000", "Go allows at most {1000}; use a smaller bound or *")
	case hi >= 0 && lo > hi:
		return 0, 0, p.fail(at, "a repetition {n,m} with n > m", "write the smaller count first")
	}
	p.pos += len(m[0])
	p.out.WriteString(m[0])
	return lo, hi, nil
}

// atom reads one atom: a group, a class, a dot, an anchor, an escape or a
// literal character.
func (p *parser) atom() (atom, error) {
	at := p.pos
	switch c := p.peek(); c {
	case '(':
		return p.group()
	case '[':
		return atom{}, p.class()
	case '.':
		p.pos++
		if p.dotAll {
			p.out.WriteString(`(?s:.)`)
		} else {
			p.out.WriteString(javaDot)
		}
		return atom{}, nil
	case '^':
		p.pos++
		p.out.WriteString(`\A`)
		return atom{nullable: true, assertion: true}, nil
	case '$':
		return atom{}, p.fail(at, "$ (Java's $ also matches before a final line terminator, Go's only at the end)", `write \z for the end of the text`)
	case '\\':
		return p.escape()
	case '*', '+', '?', '{':
		return atom{}, p.fail(at, "a quantifier with nothing to repeat", `escape a literal `+string(c)+` as \`+string(c))
	case ']', '}':
		return atom{}, p.fail(at, "an unescaped "+string(c), `escape it as \`+string(c)+`: write literal metacharacters escaped`)
	}
	r, err := p.char()
	if err != nil {
		return atom{}, err
	}
	p.out.WriteString(goChar(r))
	return atom{}, nil
}

// char reads one literal character, refusing invalid UTF-8.
func (p *parser) char() (rune, error) {
	r, n := utf8.DecodeRuneInString(p.src[p.pos:])
	if r == utf8.RuneError && n <= 1 {
		return 0, p.fail(p.pos, "invalid UTF-8 in the pattern", "write the pattern as valid UTF-8; use \\x{...} for a code point")
	}
	p.pos += n
	return r, nil
}
