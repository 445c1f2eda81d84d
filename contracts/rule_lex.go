package contracts

import (
	"fmt"
	"strconv"
	"strings"
)

// ruleTokenKind is the kind of a rule expression token.
type ruleTokenKind int

const (
	tokEOF ruleTokenKind = iota
	tokNumber
	tokString
	tokIdent
	tokQuoted // `a field name`
	tokOp
)

// ruleToken is one token and its byte offset.
type ruleToken struct {
	kind ruleTokenKind
	text string // a string's value, unquoted
	off  int
}

func (t ruleToken) String() string {
	switch t.kind {
	case tokEOF:
		return "the end"
	case tokString:
		return "string " + strconv.Quote(t.text)
	}
	return strconv.Quote(t.text)
}

// ruleOperators are the operator tokens, longest first.
var ruleOperators = []string{"==", "!=", "<>", "<=", ">=", "&&", "||", "(", ")", ",", ".", "+", "-", "*", "/", "=", "<", ">", "!"}

// lexRule splits a rule expression into tokens, ending with tokEOF.
func lexRule(src string) ([]ruleToken, *ruleError) {
	var toks []ruleToken
	for i := 0; i < len(src); {
		c := src[i]
		var (
			t   ruleToken
			n   int
			err *ruleError
		)
		switch {
		case c == ' ' || c == '\t':
			i++
			continue
		case isDigit(c):
			t, n, err = lexNumber(src, i)
		case c == '\'':
			t, n, err = lexString(src, i)
		case c == '`':
			t, n, err = lexQuotedName(src, i)
		case isKeyByte(c, true):
			n = 1
			for i+n < len(src) && isKeyByte(src[i+n], false) {
				n++
			}
			t = ruleToken{kind: tokIdent, text: src[i : i+n], off: i}
		default:
			t, n, err = lexOperator(src, i)
		}
		if err != nil {
			return nil, err
		}
		toks = append(toks, t)
		i += n
	}
	return append(toks, ruleToken{kind: tokEOF, off: len(src)}), nil
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func lexError(off int, format string, args ...any) *ruleError {
	return &ruleError{off: off, code: CodeRuleSyntax, msg: fmt.Sprintf(format, args...),
		hint: "numbers are 12, 1.5 or 1e3; strings 'text' with \\' for a quote; odd field names `in backticks`"}
}

// lexNumber reads digits [. digits] [e [+-] digits].
func lexNumber(src string, i int) (ruleToken, int, *ruleError) {
	j := i
	digits := func() int {
		k := j
		for j < len(src) && isDigit(src[j]) {
			j++
		}
		return j - k
	}
	digits()
	if j < len(src) && src[j] == '.' {
		j++
		if digits() == 0 {
			return ruleToken{}, 0, lexError(j, "a digit must follow the decimal point")
		}
	}
	if j < len(src) && (src[j] == 'e' || src[j] == 'E') {
		j++
		if j < len(src) && (src[j] == '+' || src[j] == '-') {
			j++
		}
		if digits() == 0 {
			return ruleToken{}, 0, lexError(j, "an exponent needs digits")
		}
	}
	if j < len(src) && isKeyByte(src[j], false) {
		return ruleToken{}, 0, lexError(j, "a number runs into %q", src[j:j+1])
	}
	return ruleToken{kind: tokNumber, text: src[i:j], off: i}, j - i, nil
}

// lexString reads 'text' where \' is a quote and \\ a backslash. SQL's
// doubled quote is read too, but gofmt rewrites it in a doc comment, so
// docs/validation.md teaches \'.
func lexString(src string, i int) (ruleToken, int, *ruleError) {
	var b strings.Builder
	for j := i + 1; j < len(src); j++ {
		if src[j] == '\\' && j+1 < len(src) && (src[j+1] == '\'' || src[j+1] == '\\') {
			b.WriteByte(src[j+1])
			j++
			continue
		}
		if src[j] != '\'' {
			b.WriteByte(src[j])
			continue
		}
		if j+1 < len(src) && src[j+1] == '\'' {
			b.WriteByte('\'')
			j++
			continue
		}
		return ruleToken{kind: tokString, text: b.String(), off: i}, j + 1 - i, nil
	}
	return ruleToken{}, 0, lexError(i, "string is not closed with '")
}

// lexQuotedName reads `name`.
func lexQuotedName(src string, i int) (ruleToken, int, *ruleError) {
	end := strings.IndexByte(src[i+1:], '`')
	if end < 0 {
		return ruleToken{}, 0, lexError(i, "field name is not closed with `")
	}
	return ruleToken{kind: tokQuoted, text: src[i+1 : i+1+end], off: i}, end + 2, nil
}

func lexOperator(src string, i int) (ruleToken, int, *ruleError) {
	for _, op := range ruleOperators {
		if strings.HasPrefix(src[i:], op) {
			return ruleToken{kind: tokOp, text: op, off: i}, len(op), nil
		}
	}
	return ruleToken{}, 0, lexError(i, "unexpected character %q", src[i:i+1])
}
