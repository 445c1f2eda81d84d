package regex

import (
	"strings"
	"unicode/utf8"
)

// JavaString returns s as Spark's regular expression functions see it:
// Spark decodes a string's bytes into a Java string (UTF8String.toString,
// new String(bytes, UTF_8)) before matching, which puts one U+FFFD for each
// ill-formed sequence. Go's regexp would read each bad byte as one U+FFFD
// instead, so a caller that matches a string that may hold invalid UTF-8
// (and returns what matched, as regexp_extract does) matches
// JavaString(s). Valid UTF-8 comes back unchanged.
func JavaString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r != utf8.RuneError || n > 1 {
			b.WriteString(s[i : i+n])
			i += n
			continue
		}
		b.WriteRune(utf8.RuneError)
		i += javaIllFormed(s[i:])
	}
	return b.String()
}

// javaIllFormed is the length of the ill-formed sequence at the start of
// s that Java's UTF-8 decoder replaces with one U+FFFD: the lead byte and
// the continuation bytes that fit it (Unicode's maximal subpart), except
// that Java reads ED A0..BF as the start of a three-byte sequence (an
// encoded surrogate), all of which becomes one U+FFFD.
func javaIllFormed(s string) int {
	need, lo, hi := javaLead(s[0])
	n := 1
	for k := 1; k <= need && k < len(s); k++ {
		if s[k] < lo || s[k] > hi {
			break
		}
		n++
		lo, hi = 0x80, 0xBF
	}
	return n
}

// javaLead says how many continuation bytes a lead byte takes and the
// range of the first one.
func javaLead(c byte) (need int, lo, hi byte) {
	switch {
	case c >= 0xC2 && c <= 0xDF:
		return 1, 0x80, 0xBF
	case c == 0xE0:
		return 2, 0xA0, 0xBF
	case c >= 0xE1 && c <= 0xEF: // ED too: Java takes surrogates as sequences
		return 2, 0x80, 0xBF
	case c == 0xF0:
		return 3, 0x90, 0xBF
	case c >= 0xF1 && c <= 0xF3:
		return 3, 0x80, 0xBF
	case c == 0xF4:
		return 3, 0x80, 0x8F
	}
	return 0, 0, 0
}
