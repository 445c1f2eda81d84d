package localengine

import "unicode/utf8"

// Spark holds strings as UTF-8 bytes (UTF8String) that need not be valid.
// Three readings of invalid bytes matter: the functions that work on the
// Java String of a value (split_part, translate, LIKE, the URL codecs)
// first decode it as Java does (javaString); the ICU case mappings
// (lower, upper, initcap) first make it valid as UTF8String.makeValid does
// (makeValid); the functions that count characters on the bytes (reverse,
// left, right, lpad, rpad) take a character to be as long as its first
// byte says, whatever follows (sparkChars). The answers were recorded on
// Spark 4.1.1 (internal/funcverdicts, family text).

// javaString is s as a Java String decoded from its bytes.
func javaString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return javaDecodeUTF8([]byte(s))
}

// leadLength is how many bytes Spark takes a character starting with b
// to have: 2 for C2..DF, 3 for E0..EF, 4 for F0..F4, else 1.
func leadLength(b byte) int {
	switch {
	case b >= 0xC2 && b <= 0xDF:
		return 2
	case b >= 0xE0 && b <= 0xEF:
		return 3
	case b >= 0xF0 && b <= 0xF4:
		return 4
	}
	return 1
}

// sparkChars splits s into Spark's characters (the runes of valid UTF-8).
func sparkChars(s string) []string {
	var out []string
	for i := 0; i < len(s); {
		n := min(leadLength(s[i]), len(s)-i)
		out = append(out, s[i:i+n])
		i += n
	}
	return out
}

// makeValid is Spark's UTF8String.makeValid, as the case mappings apply it: each
// maximal part of a well-formed sequence that is cut short, and each other
// invalid byte, becomes one U+FFFD (an encoded surrogate is three).
func makeValid(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var out []byte
	for i := 0; i < len(s); {
		if r, n := utf8.DecodeRuneInString(s[i:]); r != utf8.RuneError || n > 1 {
			out, i = append(out, s[i:i+n]...), i+n
			continue
		}
		out, i = utf8.AppendRune(out, utf8.RuneError), i+validPrefix(s[i:])
	}
	return string(out)
}

// validPrefix is the length of the longest prefix of s that starts a
// well-formed UTF-8 sequence (at least 1).
func validPrefix(s string) int {
	lo, hi := byte(0x80), byte(0xBF)
	switch s[0] {
	case 0xE0:
		lo = 0xA0
	case 0xED:
		hi = 0x9F
	case 0xF0:
		lo = 0x90
	case 0xF4:
		hi = 0x8F
	}
	n := leadLength(s[0])
	if s[0] < 0xC2 || s[0] > 0xF4 {
		return 1
	}
	i := 1
	for ; i < n && i < len(s); i++ {
		if c := s[i]; i == 1 && (c < lo || c > hi) || i > 1 && !cont(c) {
			break
		}
	}
	return i
}
