package pyspark

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"
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
		case r > 0x7f:
			writeEscape(&b, r)
		default:
			if !writeControl(&b, r) {
				b.WriteRune(r)
			}
		}
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// PyDict renders a Python dict literal of string keys and values, sorted
// by key (a Kafka sink's producer options).
func PyDict(m map[string]string) string {
	keys := slices.Sorted(maps.Keys(m))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = PyString(k) + ": " + PyString(m[k])
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// PyComment renders s as the text of a one-line Python comment: a
// backslash is doubled, and every line break (\n, \r, \f, \v, U+0085,
// U+2028, U+2029), other control or non-printable character and invalid
// UTF-8 byte is written as its Python escape (\n, \x00, \u2028, \ufffd),
// so nothing in s can end the comment or hide in it. Printable non-ASCII
// text stays as it is.
func PyComment(s string) string { return pyText(s, false) }

// PyDoc renders s as text inside a triple-double-quoted docstring: as
// PyComment (no line break survives, a backslash is doubled), and every
// double quote is escaped, so no """ can close the docstring early and a
// quote at its end cannot merge with the closing one.
func PyDoc(s string) string { return pyText(s, true) }

func pyText(s string, doc bool) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b.WriteString(`\ufffd`)
		case r == '\\' || doc && r == '"':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r > 0x7f && !unicode.IsPrint(r):
			writeEscape(&b, r)
		default:
			if !writeControl(&b, r) {
				b.WriteRune(r)
			}
		}
		i += size
	}
	return b.String()
}

// writeControl writes the Python escape of an ASCII control character and
// reports whether r was one.
func writeControl(b *strings.Builder, r rune) bool {
	switch {
	case r == '\n':
		b.WriteString(`\n`)
	case r == '\r':
		b.WriteString(`\r`)
	case r == '\t':
		b.WriteString(`\t`)
	case r < 0x20 || r == 0x7f:
		fmt.Fprintf(b, `\x%02x`, r)
	default:
		return false
	}
	return true
}

// writeEscape writes the \u or \U escape of a non-ASCII rune.
func writeEscape(b *strings.Builder, r rune) {
	if r <= 0xffff {
		fmt.Fprintf(b, `\u%04x`, r)
		return
	}
	fmt.Fprintf(b, `\U%08x`, r)
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

// PyName turns s into a valid Python identifier that is not a keyword:
// characters outside [A-Za-z0-9_] become '_', a leading digit gets a '_'
// prefix, and a keyword (lambda, None) a '_' suffix.
// Names a program defines go through its idents table (names.go), which
// also keeps them apart from builtins, from the program's own names and
// from each other.
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
	if pyKeywords[out] {
		out += "_"
	}
	return out
}
