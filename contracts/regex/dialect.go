package regex

import (
	"fmt"
	"strings"
)

// dialect is how the parser writes what it read: the same meaning in
// another regular expression syntax.
type dialect struct {
	dot, dotAll string // . without and with (?s)
	begin, end  string // ^ and \A; \z
	// classEsc is each class escape outside and inside a class.
	classEsc map[byte][2]string
	char     func(rune) string // one character, inside or outside a class
	named    func(string) string
	// bmpClasses: a class can hold only characters up to U+FFFF.
	bmpClasses bool
}

// goDialect is Go's regexp syntax (RE2) with Java's meaning.
var goDialect = &dialect{
	dot:    `[^\n\r\x{85}\x{2028}\x{2029}]`,
	dotAll: `(?s:.)`,
	begin:  `\A`,
	end:    `\z`,
	// Java's \s includes \x0B, RE2's does not: [[:space:]] does.
	classEsc: map[byte][2]string{
		'd': {`\d`, `\d`}, 'D': {`\D`, `\D`}, 'w': {`\w`, `\w`}, 'W': {`\W`, `\W`},
		's': {`[[:space:]]`, `[:space:]`}, 'S': {`[[:^space:]]`, `[:^space:]`},
	},
	char:  goChar,
	named: func(name string) string { return "(?P<" + name + ">" },
}

// portableDialect is the syntax ECMA-262 5.1 (JSON Schema's and ODCS's
// pattern), Go's RE2 (Go JSON Schema validators) and Python's re share:
// classes spelled out (\d \w \s are Unicode-aware in Python), \xHH for
// ASCII, other characters as themselves, $ for the end (Python's $ also
// matches before a final newline; no form is common to all three), plain
// groups for named ones.
var portableDialect = &dialect{
	dot:    "[^\\n\\r\u0085\u2028\u2029]",
	dotAll: `[\s\S]`,
	begin:  `^`,
	end:    `$`,
	classEsc: map[byte][2]string{
		'd': {`[0-9]`, `0-9`},
		'D': {`[^0-9]`, "\\x00-/:-\U0010FFFF"},
		'w': {`[0-9A-Za-z_]`, `0-9A-Za-z_`},
		'W': {`[^0-9A-Za-z_]`, "\\x00-/:-@\\[-\\^`{-\U0010FFFF"},
		's': {`[\t\n\x0B\f\r ]`, `\t\n\x0B\f\r `},
		'S': {`[^\t\n\x0B\f\r ]`, "\\x00-\\x08\\x0E-\\x1F!-\U0010FFFF"},
	},
	char:       portableChar,
	named:      func(string) string { return "(" },
	bmpClasses: true,
}

// goChar writes one character for Go, inside or outside a class.
func goChar(r rune) string {
	if isAlnum(r) {
		return string(r)
	}
	return fmt.Sprintf(`\x{%X}`, r)
}

// portableLiterals are the ASCII punctuation characters that stand for
// themselves in and outside classes in ECMA-262 (with or without the u
// flag), RE2 and Python; portableEscaped are the ones all three read
// escaped with a backslash.
const (
	portableLiterals = " !\"#%',/:;<=>@_`"
	portableEscaped  = `^$\.*+?()[]{}|`
)

// portableChar writes one character: letters, digits and portable
// punctuation as themselves, syntax characters escaped, other ASCII as
// \xHH, and everything else as itself (two UTF-16 units beyond the BMP for
// an ECMA-262 5.1 engine).
func portableChar(r rune) string {
	switch {
	case isAlnum(r), r >= 0x80, strings.ContainsRune(portableLiterals, r):
		return string(r)
	case strings.ContainsRune(portableEscaped, r):
		return `\` + string(r)
	}
	return fmt.Sprintf(`\x%02X`, r)
}

func isAlnum(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
}
