package sparksql

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// QuoteIdent quotes one Spark SQL identifier with backticks, doubling any
// backtick inside it. Every name is quoted, so reserved words, dots, spaces
// and non-ASCII letters need no special case.
func QuoteIdent(name string) string {
	return "`" + strings.ReplaceAll(name, "`", "``") + "`"
}

// QuotePath quotes a dotted column path (struct field access) part by part:
// a.b becomes `a`.`b`. Use QuoteIdent for a single name that contains dots.
func QuotePath(path ...string) string {
	parts := make([]string, len(path))
	for i, p := range path {
		parts[i] = QuoteIdent(p)
	}
	return strings.Join(parts, ".")
}

// QuoteString returns a Spark SQL string literal whose value is exactly s.
//
// Spark unescapes backslash sequences in string literals (unless the legacy
// spark.sql.parser.escapedStringLiterals is on, which etlgen never sets), so
// the quote and the backslash are escaped with a backslash, and every control
// character (and DEL) is written \uXXXX, which Spark decodes as a UTF-16 unit;
// a NUL is \u0000, never \0, which Spark would read as the start of an octal
// escape when digits follow. Other characters, including non-ASCII ones, are
// written as they are (Spark SQL text is Unicode). Bytes that are not valid
// UTF-8 become U+FFFD: a SQL literal cannot hold them.
func QuoteString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for len(s) > 0 {
		r, n := utf8.DecodeRuneInString(s)
		s = s[n:]
		switch {
		case r == '\'' || r == '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r) // RuneError for invalid bytes: U+FFFD
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// JSONPath returns the variant path ($...) that selects member name of an
// object, or ok=false when Spark's variant path syntax cannot express it.
//
// Spark 4.0/4.1 parse variant paths with VariantPathParser: a member is
// `.name` (one or more characters, none of them '.' or '['), `['name']` (no
// quote ' and no '?'), or `["name"]` (no quote " and no '?'); there is no
// escape. Names that fit none of the three forms (the empty name, a name
// with '.' or '[' together with '?' or both quotes) are read through a map
// cast instead: see memberExpr.
func JSONPath(name string) (string, bool) {
	switch {
	case name == "":
		return "", false
	case !strings.ContainsAny(name, ".["):
		return "$." + name, true
	case !strings.ContainsAny(name, "'?"):
		return "$['" + name + "']", true
	case !strings.ContainsAny(name, `"?`):
		return `$["` + name + `"]`, true
	}
	return "", false
}

// PayloadPath returns the variant path that selects top-level member name
// of the payload in the _etl_json stage (the parsed wrapper whose element 0
// is the payload, doc.go), or ok=false as JSONPath.
func PayloadPath(name string) (string, bool) {
	p, ok := JSONPath(name)
	if !ok {
		return "", false
	}
	return payloadRoot + strings.TrimPrefix(p, "$"), true
}

// memberExpr returns the SQL expression of member name of the variant
// expression obj: a VARIANT (SQL NULL when absent or when obj is not an
// object; a variant null when the member is JSON null).
func memberExpr(obj, name string) string {
	return memberAt(obj, "$", name)
}

// payloadMember is memberExpr of top-level member name of the payload,
// read in place in the _etl_json stage.
func payloadMember(name string) string {
	return memberAt(QuoteIdent(stageJSON), payloadRoot, name)
}

// memberAt returns the SQL expression of member name of the object at the
// variant path root ("$" or payloadRoot) of the variant expression obj.
func memberAt(obj, root, name string) string {
	if p, ok := JSONPath(name); ok {
		return fmt.Sprintf("try_variant_get(%s, %s, 'variant')", obj, QuoteString(root+strings.TrimPrefix(p, "$")))
	}
	return fmt.Sprintf("try_element_at(try_variant_get(%s, %s, 'map<string,variant>'), %s)", obj, QuoteString(root), QuoteString(name))
}
