package sparksql

import (
	"strconv"
	"strings"
	"testing"
)

// hostile values for names and literals.
var hostile = []string{
	"", "plain", "back`tick", "``", "it's", "''", `back\slash`, `\`, `\'`, `\\'`, "'; DROP TABLE x; --",
	"new\nline", "cr\rlf\n", "tab\t", "nul\x00after", "\x00" + "12", `\u0041`, `\0`, `%_\%\_`,
	"ünïcödé ☃ 𝄞", "$", ".", "[", "]", "$.a", "a.b", "a[0]", "?", `"`, `a'b"c.d`, "\x7f", "\x1b[31m",
}

// lexStringLiteral reads one Spark SQL string literal at the start of s as
// SqlBaseLexer's STRING_LITERAL does (a quote, then any character but a
// quote or backslash, or a backslash and any character, up to a quote) and
// returns its length, or -1.
func lexStringLiteral(s string) int {
	if s == "" || s[0] != '\'' {
		return -1
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '\'':
			return i + 1
		}
	}
	return -1
}

// unescapeSQL is Spark's SparkParserUtils.unescapeSQLString for a quoted
// (non-raw) literal: \uXXXX, \UXXXXXXXX, octal \[01][0-7]{2}, then the
// single-character escapes.
func unescapeSQL(lit string) string {
	r := []rune(lit[1 : len(lit)-1])
	var b strings.Builder
	isHex := func(rs []rune) bool {
		for _, c := range rs {
			if !strings.ContainsRune("0123456789abcdefABCDEF", c) {
				return false
			}
		}
		return true
	}
	for i := 0; i < len(r); i++ {
		if r[i] != '\\' || i+1 >= len(r) {
			b.WriteRune(r[i])
			continue
		}
		rest := r[i+1:]
		switch {
		case rest[0] == 'u' && len(rest) >= 5 && isHex(rest[1:5]):
			n, _ := strconv.ParseUint(string(rest[1:5]), 16, 32)
			b.WriteRune(rune(n))
			i += 5
		case len(rest) >= 3 && (rest[0] == '0' || rest[0] == '1') && rest[1] >= '0' && rest[1] <= '7' && rest[2] >= '0' && rest[2] <= '7':
			n, _ := strconv.ParseUint(string(rest[:3]), 8, 32)
			b.WriteRune(rune(n))
			i += 3
		default:
			m := map[rune]string{'0': "\x00", 'b': "\b", 'n': "\n", 'r': "\r", 't': "\t", 'Z': "\x1a", '%': `\%`, '_': `\_`}
			if s, ok := m[rest[0]]; ok {
				b.WriteString(s)
			} else {
				b.WriteRune(rest[0])
			}
			i++
		}
	}
	return b.String()
}

func TestQuoteStringRoundTrip(t *testing.T) {
	for _, s := range hostile {
		t.Run(strconv.Quote(s), func(t *testing.T) {
			lit := QuoteString(s)
			if n := lexStringLiteral(lit); n != len(lit) {
				t.Fatalf("QuoteString(%q) = %s: the lexer reads %d of %d bytes as the literal", s, lit, n, len(lit))
			}
			if got := unescapeSQL(lit); got != s {
				t.Errorf("QuoteString(%q) = %s unescapes to %q", s, lit, got)
			}
			for _, c := range lit {
				if c < 0x20 || c == 0x7f {
					t.Errorf("QuoteString(%q) = %q holds a raw control character", s, lit)
				}
			}
		})
	}
}

func TestQuoteStringExamples(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", "''"},
		{"it's", `'it\'s'`},
		{`a\b`, `'a\\b'`},
		{"'; DROP TABLE x; --", `'\'; DROP TABLE x; --'`},
		{"a\nb", `'a\u000Ab'`},
		{"\x0012", `'\u000012'`},
		{"☃", "'☃'"},
		{"bad\xffbyte", "'bad\uFFFDbyte'"},
	}
	for _, tc := range tests {
		if got := QuoteString(tc.in); got != tc.want {
			t.Errorf("QuoteString(%q) = %s, want %s", tc.in, got, tc.want)
		}
	}
}

// lexQuotedIdent reads a backquoted identifier (a backtick, then any
// character but a backtick or a doubled backtick, up to a backtick)
// and returns its length and value.
func lexQuotedIdent(s string) (int, string) {
	if s == "" || s[0] != '`' {
		return -1, ""
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		if s[i] != '`' {
			b.WriteByte(s[i])
			continue
		}
		if i+1 < len(s) && s[i+1] == '`' {
			b.WriteByte('`')
			i++
			continue
		}
		return i + 1, b.String()
	}
	return -1, ""
}

func TestQuoteIdent(t *testing.T) {
	for _, s := range hostile {
		q := QuoteIdent(s)
		n, v := lexQuotedIdent(q)
		if n != len(q) || v != s {
			t.Errorf("QuoteIdent(%q) = %s: lexes %d of %d bytes as %q", s, q, n, len(q), v)
		}
	}
	if got, want := QuotePath("cat", "sch.ema", "t`b"), "`cat`.`sch.ema`.`t``b`"; got != want {
		t.Errorf("QuotePath = %s, want %s", got, want)
	}
}

// variantPathKey mirrors Spark 4.0's VariantPathParser for one key segment
// and returns the key it reads, or ok=false.
func variantPathKey(p string) (string, bool) {
	if !strings.HasPrefix(p, "$") {
		return "", false
	}
	p = p[1:]
	switch {
	case strings.HasPrefix(p, "['") && strings.HasSuffix(p, "']"):
		k := p[2 : len(p)-2]
		return k, k != "" && !strings.ContainsAny(k, "'?")
	case strings.HasPrefix(p, `["`) && strings.HasSuffix(p, `"]`):
		k := p[2 : len(p)-2]
		return k, k != "" && !strings.ContainsAny(k, `"?`)
	case strings.HasPrefix(p, "."):
		k := p[1:]
		return k, k != "" && !strings.ContainsAny(k, ".[")
	}
	return "", false
}

func TestJSONPath(t *testing.T) {
	for _, s := range hostile {
		p, ok := JSONPath(s)
		if !ok {
			if !strings.Contains(memberExpr("v", s), "map<string,variant>") {
				t.Errorf("JSONPath(%q) refused but memberExpr does not fall back to a map lookup", s)
			}
			continue
		}
		if k, valid := variantPathKey(p); !valid || k != s {
			t.Errorf("JSONPath(%q) = %q, which Spark reads as %q (valid %v)", s, p, k, valid)
		}
	}
	tests := []struct {
		in, want string
		ok       bool
	}{
		{"event_id", "$.event_id", true},
		{"we'ird.name", `$["we'ird.name"]`, true},
		{"a.b", "$['a.b']", true},
		{"", "", false},
		{`a'b"c.d`, "", false},
		{"q?.x", "", false},
		{"q?x", "$.q?x", true},
	}
	for _, tc := range tests {
		got, ok := JSONPath(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("JSONPath(%q) = %q, %v; want %q, %v", tc.in, got, ok, tc.want, tc.ok)
		}
	}
}
