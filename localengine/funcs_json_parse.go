package localengine

import (
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/shopspring/decimal"
)

// A JSON text read as Spark 4.1's try_parse_json reads it into a variant
// (Jackson, strict): JSON null is jsonNull, booleans bool, strings string,
// integers int64 when they fit, other numbers without an exponent a
// decimal.Decimal of at most 38 digits, the rest float64; arrays []any and
// objects *jsonObject with their keys in UTF-16 order. Duplicate keys make
// the text invalid; text after the first value is ignored, except right
// after a bare number or literal. An unpaired surrogate escape is '?' on
// 4.1 and makes the text invalid on 4.2 (parseJSON41, parseJSON42).
// Recorded on Spark 4.1.1 and 4.2.0 (internal/funcverdicts, family json).

// jsonNull is JSON's null.
type jsonNull struct{}

// jsonObject is an object, its keys sorted as Java compares strings.
type jsonObject struct {
	keys []string
	vals []any
}

// maxJSONDepth is Jackson's default nesting limit.
const maxJSONDepth = 1000

// parseJSON41 reads the first JSON value of s (its Java string) as Spark
// 4.1 does; false when s is not valid JSON.
func parseJSON41(s string) (any, bool) { return parseJSON(s, false) }

// parseJSON42 reads s as Spark 4.2 does: a text with an unpaired surrogate
// escape is not valid JSON (try_parse_json is NULL), where 4.1 reads the
// escape as '?'.
func parseJSON42(s string) (any, bool) { return parseJSON(s, true) }

// parseJSON reads the first JSON value of s (its Java string); false when
// s is not valid JSON. loneInvalid makes an unpaired surrogate escape
// invalid.
func parseJSON(s string, loneInvalid bool) (any, bool) {
	p := &jsonParser{s: javaString(s), loneInvalid: loneInvalid}
	p.space()
	v, ok := p.value(0)
	if !ok {
		return nil, false
	}
	if p.bare && p.i < len(p.s) && !strings.ContainsRune(" \t\r\n", rune(p.s[p.i])) {
		return nil, false // Jackson's root-level check after a number
	}
	return v, true
}

// jsonParser is a cursor in a JSON text.
type jsonParser struct {
	s string
	i int
	// bare marks that the last value read was a number.
	bare bool
	// loneInvalid makes an unpaired surrogate escape invalid (4.2),
	// where 4.1 reads it as '?'.
	loneInvalid bool
}

func (p *jsonParser) space() {
	for p.i < len(p.s) && strings.IndexByte(" \t\r\n", p.s[p.i]) >= 0 {
		p.i++
	}
}

func (p *jsonParser) value(depth int) (any, bool) {
	if p.i >= len(p.s) || depth > maxJSONDepth {
		return nil, false
	}
	p.bare = false
	switch c := p.s[p.i]; {
	case c == '{':
		return p.object(depth)
	case c == '[':
		return p.array(depth)
	case c == '"':
		return p.str()
	case c == '-' || c >= '0' && c <= '9':
		p.bare = true
		return p.number()
	}
	for word, v := range jsonWords {
		if strings.HasPrefix(p.s[p.i:], word) {
			p.i += len(word)
			if r, _ := utf8.DecodeRuneInString(p.s[p.i:]); p.i < len(p.s) && isIdentPart(r) {
				return nil, false
			}
			return v, true
		}
	}
	return nil, false
}

// jsonWords are the literals; jsonEscapes the one-letter escapes.
var (
	jsonWords   = map[string]any{"true": true, "false": false, "null": jsonNull{}}
	jsonEscapes = map[byte]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}
)

// isIdentPart reports whether Jackson reads the character after a literal
// as part of a misspelt one: Java's Character.isJavaIdentifierPart of the
// UTF-16 unit, checked from '0' up except ] and } (true] is valid, truex,
// true_ and true\u007f are not; a character beyond the BMP ends it).
func isIdentPart(r rune) bool {
	switch {
	case r < '0' || r == ']' || r == '}' || r > 0xFFFF:
		return false
	case r >= 0x7f && r <= 0x9f:
		return true // identifier-ignorable controls
	}
	return unicode.In(r, unicode.L, unicode.Nd, unicode.Nl, unicode.Mn, unicode.Mc, unicode.Pc, unicode.Sc, unicode.Cf)
}

func (p *jsonParser) object(depth int) (any, bool) {
	p.i++
	o := &jsonObject{}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == '}' {
		p.i++
		return o, true
	}
	for {
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != '"' {
			return nil, false
		}
		k, ok := p.str()
		if !ok {
			return nil, false
		}
		p.space()
		if p.i >= len(p.s) || p.s[p.i] != ':' {
			return nil, false
		}
		p.i++
		p.space()
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		key := k.(string)
		at, found := slices.BinarySearchFunc(o.keys, key, compareUTF16)
		if found {
			return nil, false // try_parse_json: VARIANT_DUPLICATE_KEY
		}
		o.keys, o.vals = slices.Insert(o.keys, at, key), slices.Insert(o.vals, at, v)
		if done, ok := p.next('}'); !ok || done {
			return o, ok
		}
	}
}

func (p *jsonParser) array(depth int) (any, bool) {
	p.i++
	out := []any{}
	p.space()
	if p.i < len(p.s) && p.s[p.i] == ']' {
		p.i++
		return out, true
	}
	for {
		p.space()
		v, ok := p.value(depth + 1)
		if !ok {
			return nil, false
		}
		out = append(out, v)
		if done, ok := p.next(']'); !ok || done {
			return out, ok
		}
	}
}

// next reads a comma (more to come) or the closing byte (done).
func (p *jsonParser) next(closing byte) (done, ok bool) {
	p.space()
	if p.i >= len(p.s) {
		return false, false
	}
	c := p.s[p.i]
	p.i++
	p.bare = false
	return c == closing, c == closing || c == ','
}

// str reads a string; an unpaired surrogate escape becomes '?', as Java
// writes it in UTF-8 (4.1), or makes the text invalid (loneInvalid, 4.2).
func (p *jsonParser) str() (any, bool) {
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch {
		case c == '"':
			p.i++
			return b.String(), true
		case c < 0x20:
			return nil, false
		case c != '\\':
			b.WriteByte(c)
			p.i++
			continue
		}
		if p.i+1 >= len(p.s) {
			return nil, false
		}
		e := p.s[p.i+1]
		p.i += 2
		if r, ok := jsonEscapes[e]; ok {
			b.WriteByte(r)
			continue
		}
		if e != 'u' {
			return nil, false
		}
		r, ok := p.hex4()
		if !ok {
			return nil, false
		}
		if utf16.IsSurrogate(r) && r < 0xDC00 && strings.HasPrefix(p.s[p.i:], `\u`) {
			save := p.i
			p.i += 2
			if r2, ok := p.hex4(); ok && r2 >= 0xDC00 && r2 <= 0xDFFF {
				b.WriteRune(utf16.DecodeRune(r, r2))
				continue
			} else if !ok {
				return nil, false
			}
			p.i = save
		}
		if utf16.IsSurrogate(r) && p.loneInvalid {
			return nil, false
		}
		if utf16.IsSurrogate(r) {
			b.WriteByte('?')
			continue
		}
		b.WriteRune(r)
	}
	return nil, false
}

func (p *jsonParser) hex4() (rune, bool) {
	if p.i+4 > len(p.s) {
		return 0, false
	}
	n, err := strconv.ParseUint(p.s[p.i:p.i+4], 16, 32)
	if err != nil || strings.ContainsAny(p.s[p.i:p.i+4], "+-_") {
		return 0, false
	}
	p.i += 4
	return rune(n), true
}

// number reads -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? and types it
// as Spark's variant builder does.
func (p *jsonParser) number() (any, bool) {
	start := p.i
	if p.s[p.i] == '-' {
		p.i++
	}
	intStart := p.i
	p.digits()
	if p.i == intStart || (p.s[intStart] == '0' && p.i-intStart > 1) {
		return nil, false
	}
	frac, exp := false, false
	if p.i < len(p.s) && p.s[p.i] == '.' {
		p.i++
		if p.digits() == 0 {
			return nil, false
		}
		frac = true
	}
	if p.i < len(p.s) && (p.s[p.i] == 'e' || p.s[p.i] == 'E') {
		p.i++
		if p.i < len(p.s) && (p.s[p.i] == '+' || p.s[p.i] == '-') {
			p.i++
		}
		if p.digits() == 0 {
			return nil, false
		}
		exp = true
	}
	text := p.s[start:p.i]
	if !frac && !exp {
		if n, err := strconv.ParseInt(text, 10, 64); err == nil {
			return n, true
		}
	}
	if !exp {
		d := decimal.RequireFromString(text)
		if precision(d) <= 38 && -d.Exponent() <= 38 {
			return d, true
		}
	}
	f, _ := strconv.ParseFloat(text, 64) // ±Inf past the range, as Java
	return f, true
}

func (p *jsonParser) digits() int {
	n := 0
	for p.i < len(p.s) && p.s[p.i] >= '0' && p.s[p.i] <= '9' {
		p.i++
		n++
	}
	return n
}

// precision is the number of digits of d's coefficient (1 for zero).
func precision(d decimal.Decimal) int {
	c := d.Coefficient()
	return max(1, len(strings.TrimPrefix(c.String(), "-")))
}

// compareUTF16 orders strings as Java's String.compareTo: by UTF-16 code
// units.
func compareUTF16(a, b string) int {
	return slices.Compare(utf16.Encode([]rune(a)), utf16.Encode([]rune(b)))
}
