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
// MALFORMED_JSON on every line. With the escaped backslashes removed,
// every backslash left starts an escape; with the pairs removed, a
// surrogate escape left is unpaired. Only a text with a \u is searched.
func loneSurrogate(txt string) string {
	return fmt.Sprintf("instr(%[1]s, %[2]s) > 0 AND regexp_replace(regexp_replace(%[1]s, %[3]s, ''), %[4]s, '') RLIKE %[5]s",
		txt, QuoteString(`\u`), QuoteString(reEscapedBackslash), QuoteString(reSurrogatePair), QuoteString(reSurrogate))
}
