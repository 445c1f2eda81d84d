package sparksql

import "fmt"

// The regular expressions (Java) of loneSurrogate: an escaped backslash,
// a surrogate pair written as two escapes, and a surrogate escape.
const (
	reEscapedBackslash = `\\\\`
	reSurrogatePair    = `\\u[dD][89abAB][0-9a-fA-F]{2}\\u[dD][c-fC-F][0-9a-fA-F]{2}`
	reSurrogate        = `\\u[dD][89a-fA-F][0-9a-fA-F]{2}`
)

// loneSurrogate is the predicate "the JSON text txt has a \u escape of an
// unpaired surrogate" (a high surrogate not followed by a low one's
// escape, or a low one alone), which Go validation and Spark 4.2's
// try_parse_json reject and Spark 4.1's reads as '?': the payload is
// MALFORMED_JSON on every line. One left-to-right pass removes the
// escaped backslashes and the surrogate pairs together, so every
// backslash it leaves starts an escape and a surrogate escape it leaves is
// unpaired. (Two passes would not do: removing the escaped backslash of
// \ud800\\\udc00 first would make its two lone surrogates a pair.) Only a
// text with a \u is searched: contains scans bytes, where instr (measured
// 6 % more of the whole validation's CPU) counts characters.
func loneSurrogate(txt string) string {
	return fmt.Sprintf("contains(%[1]s, %[2]s) AND regexp_replace(%[1]s, %[3]s, '') RLIKE %[4]s",
		txt, QuoteString(`\u`), QuoteString(reEscapedBackslash+"|"+reSurrogatePair), QuoteString(reSurrogate))
}
