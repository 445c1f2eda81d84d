package regex

import (
	"fmt"
	"strconv"
	"strings"
)

// classEscapes are the class escapes in the subset, with their Go form
// outside and inside a character class. Java's \s includes \x0B, Go's does
// not, so \s becomes [[:space:]].
var classEscapes = map[byte][2]string{
	'd': {`\d`, `\d`},
	'D': {`\D`, `\D`},
	'w': {`\w`, `\w`},
	'W': {`\W`, `\W`},
	's': {`[[:space:]]`, `[:space:]`},
	'S': {`[[:^space:]]`, `[:^space:]`},
}

// controlEscapes are the single-character escapes both engines read alike.
var controlEscapes = map[byte]rune{'t': '\t', 'n': '\n', 'r': '\r', 'f': '\f', 'a': '\a'}

// refusedEscapes explains the letter and digit escapes outside the subset.
var refusedEscapes = map[byte][2]string{
	'b': {`\b (Java's word boundary depends on the Java version and reads Unicode letters)`, `match the delimiter explicitly, e.g. (?:^|[^A-Za-z0-9_])`},
	'B': {`\B (Java's word boundary depends on the Java version and reads Unicode letters)`, `match the characters explicitly`},
	'Z': {`\Z (Java only: the end before a final line terminator)`, `write \z for the end of the text`},
	'G': {`\G (Java only)`, `anchor with ^ instead`},
	'Q': {`\Q...\E quoting`, `escape each metacharacter with \ instead`},
	'E': {`\E without \Q`, `escape each metacharacter with \ instead`},
	'p': {`a Unicode property \p{...} (the names and Unicode versions differ)`, `list the characters or ranges, e.g. [A-Za-z]`},
	'P': {`a Unicode property \P{...} (the names and Unicode versions differ)`, `list the characters or ranges in a negated class, e.g. [^A-Za-z]`},
	'u': {`\uXXXX (Java only)`, `write \x{XXXX}`},
	'v': {`\v (a vertical space class in Java, \x0B in Go)`, `write \x0B or list the characters`},
	'e': {`\e (Java only)`, `write \x1B`},
	'k': {`a backreference \k<name>`, `Go has no backreferences; compare the groups in an expression`},
	'0': {`an octal escape (Java and Go read the digits differently)`, `write \x{...}`},
	'C': {`\C (Go only: any byte)`, `use . with (?s)`},
}

// escape reads a backslash escape outside a character class.
func (p *parser) escape() (atom, error) {
	at := p.pos
	if p.pos+1 >= len(p.src) {
		return atom{}, p.fail(at, "a trailing backslash", `write \\ for a literal backslash`)
	}
	c := p.src[p.pos+1]
	switch {
	case c == 'A' || c == 'z':
		p.pos += 2
		p.out.WriteString(`\` + string(c))
		return atom{nullable: true, assertion: true}, nil
	case classEscapes[c][0] != "":
		p.pos += 2
		p.out.WriteString(classEscapes[c][0])
		return atom{}, nil
	}
	r, err := p.escapedChar()
	if err != nil {
		return atom{}, err
	}
	p.out.WriteString(goChar(r))
	return atom{}, nil
}

// escapedChar reads an escape that stands for one character: a control
// escape, \xHH, \x{H...} or escaped ASCII punctuation.
func (p *parser) escapedChar() (rune, error) {
	at := p.pos
	c := p.src[p.pos+1]
	if r, ok := controlEscapes[c]; ok {
		p.pos += 2
		return r, nil
	}
	if c == 'x' {
		return p.hex()
	}
	if isPunct(c) {
		p.pos += 2
		return rune(c), nil
	}
	if why, ok := refusedEscapes[c]; ok {
		return 0, p.fail(at, why[0], why[1])
	}
	if c >= '1' && c <= '9' {
		return 0, p.fail(at, "a backreference \\"+string(c), "Go has no backreferences; compare the groups in an expression")
	}
	return 0, p.fail(at, fmt.Sprintf("an escape \\%s outside the subset", p.src[p.pos+1:p.pos+2]), `use \d \w \s (and \D \W \S), \t \n \r \f \a, \xHH, \x{H...}, or \ before punctuation`)
}

// hex reads \xHH or \x{H...}.
func (p *parser) hex() (rune, error) {
	at := p.pos
	rest := p.src[p.pos+2:]
	digits, size := "", 0
	switch {
	case strings.HasPrefix(rest, "{"):
		end := strings.IndexByte(rest, '}')
		if end < 0 {
			return 0, p.fail(at, `a \x{ without its }`, `write \x{1F600}`)
		}
		digits, size = rest[1:end], end+1
	case len(rest) >= 2:
		digits, size = rest[:2], 2
	}
	v, err := strconv.ParseUint(digits, 16, 32)
	switch {
	case digits == "" || len(digits) > 8 || strings.ContainsAny(digits, "+-_xX") || err != nil:
		return 0, p.fail(at, "a \\x escape without hex digits", `write \xHH (two hex digits) or \x{H...}`)
	case v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF):
		return 0, p.fail(at, "a \\x escape that is not a Unicode scalar value", "use a code point up to 10FFFF outside the surrogates D800-DFFF")
	}
	p.pos += 2 + size
	return rune(v), nil
}

// isPunct reports printable ASCII that is not a letter or digit; both
// engines read it escaped as itself.
func isPunct(c byte) bool {
	return c >= ' ' && c <= '~' && !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9')
}

// goChar writes one character for Go, inside or outside a class.
func goChar(r rune) string {
	if r < 0x80 && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}
