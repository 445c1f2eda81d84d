package jsonscan

import "encoding/binary"

// str parses a string token; escapes are checked, not decoded.
func (p *Parser) str() error {
	i := p.push(String)
	d := p.data
	p.pos++
	for {
		for p.pos+8 <= len(d) && plain8(binary.LittleEndian.Uint64(d[p.pos:])) {
			p.pos += 8
		}
		for p.pos < len(d) && plainByte[d[p.pos]] {
			p.pos++
		}
		if p.pos >= len(d) {
			return p.fail("unterminated string")
		}
		switch d[p.pos] {
		case '"':
			p.pos++
			p.finish(i)
			return nil
		case '\\':
			p.Tape[i].Flags |= Escaped
			if err := p.escape(); err != nil {
				return err
			}
		default:
			return p.fail("control character in a string")
		}
	}
}

// plainByte marks the bytes a string scan passes over: all but the quote,
// the backslash and control characters.
var plainByte = func() (t [256]bool) {
	for c := 0x20; c < 256; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// SWAR constants: one bit or byte value repeated in each of 8 bytes.
const (
	ones  = 0x0101010101010101
	highs = 0x8080808080808080
)

// plain8 reports whether none of the 8 bytes of x is a quote, a backslash or
// a control character, so a string scan can skip them at once.
func plain8(x uint64) bool {
	quote := x ^ (ones * '"')
	slash := x ^ (ones * '\\')
	hasZero := (quote-ones) & ^quote | (slash-ones) & ^slash
	hasCtl := (x - ones*0x20) & ^x
	return (hasZero|hasCtl)&highs == 0
}

// escape checks the escape sequence at p.pos and moves past it. A \u escape
// must be a Unicode scalar value or a UTF-16 surrogate pair: a lone
// surrogate cannot be represented in UTF-8 and is rejected.
func (p *Parser) escape() error {
	d := p.data
	if p.pos+1 >= len(d) {
		return p.fail("unterminated escape sequence")
	}
	switch d[p.pos+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		p.pos += 2
		return nil
	case 'u':
	default:
		return p.failf("invalid escape sequence \\%c", rune(d[p.pos+1]))
	}
	r, ok := hex4(d, p.pos+2)
	if !ok {
		return p.fail(`invalid \u escape`)
	}
	switch {
	case r >= 0xDC00 && r <= 0xDFFF:
		return p.fail("lone low surrogate in a \\u escape")
	case r >= 0xD800 && r <= 0xDBFF:
		lo, ok := uEscape(d, p.pos+6)
		if !ok || lo < 0xDC00 || lo > 0xDFFF {
			return p.fail("lone high surrogate in a \\u escape")
		}
		p.pos += 12
	default:
		p.pos += 6
	}
	return nil
}

// uEscape reads a `\uXXXX` escape at i.
func uEscape(d []byte, i int) (rune, bool) {
	if i+1 >= len(d) || d[i] != '\\' || d[i+1] != 'u' {
		return 0, false
	}
	return hex4(d, i+2)
}

// hex4 reads four hex digits at i.
func hex4(d []byte, i int) (rune, bool) {
	if i+4 > len(d) {
		return 0, false
	}
	var r rune
	for _, c := range d[i : i+4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// number parses a number token: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (p *Parser) number() error {
	i := p.push(Number)
	d := p.data
	if d[p.pos] == '-' {
		p.pos++
	}
	intLen, fracLen, expLen := 0, -1, -1
	switch {
	case p.pos < len(d) && d[p.pos] == '0':
		p.pos++
		intLen = 1
	case p.pos < len(d) && d[p.pos] >= '1' && d[p.pos] <= '9':
		intLen = p.digits()
	default:
		return p.fail("invalid number")
	}
	leadingZero := intLen == 1 && d[p.pos-1] == '0'
	if p.pos < len(d) && d[p.pos] == '.' {
		p.pos++
		p.Tape[i].Flags |= Fraction
		if fracLen = p.digits(); fracLen == 0 {
			return p.fail("invalid number: no digit after '.'")
		}
	}
	if p.pos < len(d) && (d[p.pos] == 'e' || d[p.pos] == 'E') {
		p.pos++
		p.Tape[i].Flags |= Exponent
		if p.pos < len(d) && (d[p.pos] == '+' || d[p.pos] == '-') {
			p.pos++
		}
		if expLen = p.digits(); expLen == 0 {
			return p.fail("invalid number: no digit in the exponent")
		}
	}
	if n := numberLength(intLen, fracLen, expLen, leadingZero); n > MaxNumberLength {
		return p.failf("number literal longer than %d digits (%d as Jackson counts them)", MaxNumberLength, n)
	}
	p.finish(i)
	return nil
}

// numberLength is the length Jackson 2.20 (Spark 4.1's JSON parser,
// ReaderBasedJsonParser as try_parse_json uses it) checks against
// StreamReadConstraints.maxNumberLength: for an integer literal, its
// integer digits (validateIntegerLength(intLen)); otherwise integer +
// fraction + exponent digits (validateFPLength(intLen + fractLen + expLen)).
// The sign, '.', 'e' and the exponent's sign never count. A number whose
// integer part is the single digit 0 takes Jackson's slow path
// (_parseNumber2), which passes -1 for an absent fraction or exponent: 0.x
// counts the fraction digits only, 0ey the exponent digits only. fracLen
// and expLen are -1 when the part is absent.
func numberLength(intLen, fracLen, expLen int, leadingZero bool) int {
	if fracLen < 0 && expLen < 0 {
		return intLen
	}
	if leadingZero {
		return intLen + fracLen + expLen
	}
	return intLen + max(fracLen, 0) + max(expLen, 0)
}

// digits moves past a run of ASCII digits and returns its length.
func (p *Parser) digits() int {
	start := p.pos
	for p.pos < len(p.data) && p.data[p.pos] >= '0' && p.data[p.pos] <= '9' {
		p.pos++
	}
	return p.pos - start
}
