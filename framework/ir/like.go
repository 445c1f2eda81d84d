package ir

import "fmt"

// LikePattern is a parsed SQL LIKE pattern: one element per pattern
// character, as Spark reads it with the default escape \.
type LikePattern []LikeElem

// LikeElem is one element of a LIKE pattern.
type LikeElem struct {
	// Any is true for _ (exactly one character) and Many for % (any
	// sequence); otherwise Char is a character to match literally.
	Any, Many bool
	Char      rune
}

// ParseLike parses a LIKE pattern with Spark's escape rules: \ before _, %
// or \ makes it literal; \ before any other character, or at the end, is
// an error (Spark's INVALID_FORMAT.ESC_IN_THE_MIDDLE / ESC_AT_THE_END).
func ParseLike(pattern string) (LikePattern, error) {
	runes := []rune(pattern)
	var out LikePattern
	for i := 0; i < len(runes); i++ {
		switch c := runes[i]; c {
		case '_':
			out = append(out, LikeElem{Any: true})
		case '%':
			out = append(out, LikeElem{Many: true})
		case '\\':
			if i+1 == len(runes) {
				return nil, fmt.Errorf("the escape character \\ ends the LIKE pattern %q", pattern)
			}
			i++
			if n := runes[i]; n != '_' && n != '%' && n != '\\' {
				return nil, fmt.Errorf("the escape character \\ precedes %q in the LIKE pattern %q; only _, %% and \\ may be escaped", n, pattern)
			}
			out = append(out, LikeElem{Char: runes[i]})
		default:
			out = append(out, LikeElem{Char: c})
		}
	}
	return out, nil
}

// BeyondBMP reports whether the pattern has a literal character beyond
// the Basic Multilingual Plane: Spark 4.1.1 quotes the pattern one UTF-16
// unit at a time, so such a pattern never matches there ('😀' LIKE '😀'
// is false).
func (p LikePattern) BeyondBMP() bool {
	for _, e := range p {
		if e.Char > 0xFFFF {
			return true
		}
	}
	return false
}

// Match reports whether s matches the pattern, character by character
// (code points; _ matches a newline too, as Spark's DOTALL does). A
// pattern BeyondBMP never matches, as on Spark.
func (p LikePattern) Match(s string) bool {
	if p.BeyondBMP() {
		return false
	}
	runes := []rune(s)
	// star is the pattern index after the last %, and at the string index
	// it is retried from: the usual backtracking of a single wildcard.
	pi, si, star, at := 0, 0, -1, 0
	for si < len(runes) {
		switch {
		case pi < len(p) && p[pi].Many:
			star, at = pi+1, si
			pi++
		case pi < len(p) && (p[pi].Any || p[pi].Char == runes[si]):
			pi++
			si++
		case star >= 0:
			at++
			pi, si = star, at
		default:
			return false
		}
	}
	for pi < len(p) && p[pi].Many {
		pi++
	}
	return pi == len(p)
}
