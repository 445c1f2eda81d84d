package localengine

import (
	"strings"
	"unicode"
	"unicode/utf16"
)

// Spark's url_encode and url_decode are java.net.URLEncoder and
// URLDecoder in UTF-8 on Java 17: the rules below are theirs, quirks
// included (a % escape is parsed as a signed hexadecimal number of two
// UTF-16 units, whose digits may be any Unicode decimal digits; the
// decoded bytes become text as Java's String decodes UTF-8).

// urlEncode is URLEncoder.encode(s, UTF-8): letters, digits and . - * _
// stay, space becomes +, every other byte %XX.
func urlEncode(s string) string {
	s = javaString(s)
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', strings.IndexByte(".-*_", c) >= 0:
			b.WriteByte(c)
		case c == ' ':
			b.WriteByte('+')
		default:
			b.WriteByte('%')
			b.WriteByte("0123456789ABCDEF"[c>>4])
			b.WriteByte("0123456789ABCDEF"[c&15])
		}
	}
	return b.String()
}

// urlDecode is URLDecoder.decode(s, UTF-8); NULL (try_url_decode) where
// Java throws.
func urlDecode(s string) any {
	u := utf16.Encode([]rune(javaString(s)))
	var out []uint16
	for i := 0; i < len(u); {
		switch u[i] {
		case '+':
			out = append(out, ' ')
			i++
		case '%':
			var bytes []byte
			for i+2 < len(u) && u[i] == '%' {
				v, ok := javaHexByte(u[i+1], u[i+2])
				if !ok {
					return nil
				}
				bytes = append(bytes, v)
				i += 3
			}
			if i < len(u) && u[i] == '%' {
				return nil
			}
			out = append(out, utf16.Encode([]rune(javaDecodeUTF8(bytes)))...)
		default:
			out = append(out, u[i])
			i++
		}
	}
	return string(utf16.Decode(out))
}

// javaHexByte is Integer.parseInt of two UTF-16 units in base 16, which
// must give 0 to 255: an optional sign (+ or -, then one digit), digits
// by Character.digit. A negative value is an error.
func javaHexByte(a, b uint16) (byte, bool) {
	if a == '+' || a == '-' {
		d, ok := javaHexDigit(b)
		if !ok || a == '-' && d != 0 {
			return 0, false
		}
		return byte(d), true
	}
	hi, ok1 := javaHexDigit(a)
	lo, ok2 := javaHexDigit(b)
	return byte(hi<<4 | lo), ok1 && ok2
}

// javaHexDigit is Character.digit(c, 16) of a UTF-16 unit: a decimal digit
// of any script in the BMP (its value), or a to f in ASCII or full width.
func javaHexDigit(c uint16) (int, bool) {
	r := rune(c)
	switch {
	case r >= 'a' && r <= 'f', r >= 'A' && r <= 'F':
		return int(unicode.ToLower(r)-'a') + 10, true
	case r >= 0xFF21 && r <= 0xFF26:
		return int(r-0xFF21) + 10, true
	case r >= 0xFF41 && r <= 0xFF46:
		return int(r-0xFF41) + 10, true
	case !unicode.IsDigit(r):
		return 0, false
	}
	// Decimal digits come in runs of ten from zero: count back to the run's
	// start.
	start := r
	for unicode.IsDigit(start - 1) {
		start--
	}
	return int(r-start) % 10, true
}

// javaDecodeUTF8 turns bytes into text as Java 17's String(bytes, UTF_8)
// does: each malformed sequence becomes one U+FFFD, where Java's decoder
// draws its boundaries (a truncated sequence at the end is one U+FFFD; an
// encoded surrogate is one U+FFFD for its three bytes).
func javaDecodeUTF8(b []byte) string {
	var out []rune
	for i := 0; i < len(b); {
		r, n := javaRune(b[i:])
		out = append(out, r)
		i += n
	}
	return string(out)
}

// cont reports whether c is a UTF-8 continuation byte.
func cont(c byte) bool { return c&0xC0 == 0x80 }

// javaRune decodes the character at the start of b: the rune and how many
// bytes it takes (U+FFFD for a malformed sequence).
func javaRune(b []byte) (rune, int) {
	const repl = '\uFFFD'
	b1 := b[0]
	switch {
	case b1 < 0x80:
		return rune(b1), 1
	case b1>>5 == 6 && b1&0x1E != 0: // C2..DF
		if len(b) < 2 {
			return repl, len(b)
		}
		if !cont(b[1]) {
			return repl, 1
		}
		return rune(b1&0x1F)<<6 | rune(b[1]&0x3F), 2
	case b1>>4 == 0xE:
		return javaRune3(b)
	case b1>>3 == 0x1E:
		return javaRune4(b)
	}
	return repl, 1
}

// bad3 is Java's isMalformed3_2: an overlong E0 sequence or a second byte
// that is not a continuation.
func bad3(b1, b2 byte) bool { return b1 == 0xE0 && b2&0xE0 == 0x80 || !cont(b2) }

func javaRune3(b []byte) (rune, int) {
	const repl = '\uFFFD'
	switch {
	case len(b) >= 3:
		if bad3(b[0], b[1]) || !cont(b[2]) {
			if bad3(b[0], b[1]) {
				return repl, 1
			}
			return repl, 2
		}
		r := rune(b[0]&0x0F)<<12 | rune(b[1]&0x3F)<<6 | rune(b[2]&0x3F)
		if r >= 0xD800 && r <= 0xDFFF {
			return repl, 3
		}
		return r, 3
	case len(b) == 2 && bad3(b[0], b[1]):
		return repl, 1
	}
	return repl, len(b) // truncated at the end: one U+FFFD for the rest
}

// bad4 is Java's isMalformed4_2: the second byte cannot follow b1.
func bad4(b1, b2 byte) bool {
	return b1 > 0xF4 || b1 == 0xF0 && (b2 < 0x90 || b2 > 0xBF) || b1 == 0xF4 && b2&0xF0 != 0x80 || !cont(b2)
}

func javaRune4(b []byte) (rune, int) {
	const repl = '\uFFFD'
	if len(b) >= 4 {
		r := rune(b[0]&0x07)<<18 | rune(b[1]&0x3F)<<12 | rune(b[2]&0x3F)<<6 | rune(b[3]&0x3F)
		if cont(b[1]) && cont(b[2]) && cont(b[3]) && r >= 0x10000 && r <= 0x10FFFF {
			return r, 4
		}
		switch {
		case bad4(b[0], b[1]):
			return repl, 1
		case !cont(b[2]):
			return repl, 2
		}
		return repl, 3
	}
	if b[0] > 0xF4 || len(b) > 1 && bad4(b[0], b[1]) {
		return repl, 1
	}
	if len(b) > 2 && !cont(b[2]) { // Java's isMalformed4_3: b[2] starts anew
		return repl, 2
	}
	return repl, len(b) // truncated at the end
}
