package pyspark

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/etlgen/etlgen/contracts/sparksql"
)

// PyString renders s as a Python string literal in double quotes: quote,
// backslash and every control, non-ASCII-printable or invalid UTF-8 byte
// escaped, so the literal is one line whatever s holds.
func PyString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`) // an invalid byte: U+FFFD, as in SQL literals
		case r == '"' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r > 0x7e && r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		case r > 0xffff:
			fmt.Fprintf(&b, `\U%08x`, r)
		default:
			b.WriteRune(r)
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// SQLIdent quotes a Spark SQL identifier with backticks (sparksql.QuoteIdent).
func SQLIdent(name string) string { return sparksql.QuoteIdent(name) }

// SQLString quotes a Spark SQL string literal (sparksql.QuoteString).
func SQLString(s string) string { return sparksql.QuoteString(s) }

// SQLTable quotes a table reference: a dotted catalog name with each part
// quoted, or delta.`path` for a path.
func SQLTable(table, path string) string {
	if path != "" {
		return "delta." + SQLIdent(path)
	}
	return sparksql.QuotePath(strings.Split(table, ".")...)
}

// PyName turns s into a Python identifier: characters outside [A-Za-z0-9_]
// become '_', and a leading digit gets a '_' prefix.
func PyName(s string) string {
	var b strings.Builder
	for _, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	out := b.String()
	if out == "" || out[0] >= '0' && out[0] <= '9' {
		out = "_" + out
	}
	return out
}
