package infer

import (
	"regexp"
	"strconv"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// literalRule checks the arguments of a function that must be literals, or
// literals of a certain form, for both engines to give one answer (or for
// Spark not to fail the query). It returns a message and a hint.
type literalRule func(args []*ir.Expr) (msg, hint string)

// literalRules are the literal checks of the functions, by family.
var literalRules = ir.MergeTables(textLiteralRules, regexLiteralRules, jsonLiteralRules, arrayLiteralRules)

// textLiteralRules are the literal checks of the text and URL functions.
var textLiteralRules = map[ir.Func]literalRule{
	ir.FuncIn:        inList,
	ir.FuncLike:      likePattern,
	ir.FuncSplitPart: splitIndex,
	ir.FuncConcatWS:  literalAt(0, "the separator of concat_ws"),
	ir.FuncParseURL:  urlPart,
	ir.FuncLpad:      int32Literals, ir.FuncRpad: int32Literals,
	ir.FuncLeft: int32Literals, ir.FuncRight: int32Literals,
	ir.FuncRepeat: int32Literals, ir.FuncLocate: int32Literals,
}

// literal returns the text of a non-NULL literal argument.
func literal(e *ir.Expr) (string, bool) {
	if e == nil || e.Kind != ir.ExprLiteral {
		return "", false
	}
	return e.Value, e.Type == nil || e.Type.Kind == contracts.KindString || e.Value != ""
}

// literalAt requires argument i to be a literal.
func literalAt(i int, what string) literalRule {
	return func(args []*ir.Expr) (string, string) {
		if _, ok := literal(args[i]); !ok {
			return what + " must be a literal", "pass a Go value, as the etl DSL does"
		}
		return "", ""
	}
}

// inList requires the values of IN to be non-NULL literals: SQL's NULL
// rules for a NULL in the list are not what a filter means.
func inList(args []*ir.Expr) (string, string) {
	for _, a := range args[1:] {
		if _, ok := literal(a); !ok {
			return "the values of IN must be literals", "list Go values: etl.In(col, \"a\", \"b\")"
		}
	}
	return "", ""
}

// likePattern requires a literal pattern with valid escapes.
func likePattern(args []*ir.Expr) (string, string) {
	p, ok := literal(args[1])
	if !ok {
		return "the pattern of LIKE must be a literal", "pass the pattern as a Go string"
	}
	parsed, err := ir.ParseLike(p)
	if err != nil {
		return err.Error(), `escape only _, % and \ with \ (write \\ for a backslash)`
	}
	if parsed.BeyondBMP() {
		return "the LIKE pattern " + strconv.Quote(p) + " has a character beyond U+FFFF, which never matches on Spark 4.1",
			"use etl.StartsWith, etl.EndsWith, etl.Contains or etl.Eq for such text, or _ in its place"
	}
	return "", ""
}

// splitIndex requires a literal index other than 0 (Spark fails the query
// on 0: INVALID_INDEX_OF_ZERO).
func splitIndex(args []*ir.Expr) (string, string) {
	v, ok := literal(args[2])
	if n, err := strconv.ParseInt(v, 10, 32); !ok || err != nil || n == 0 {
		return "the index of split_part must be a non-zero INT literal, got " + v,
			"1 is the first field, -1 the last"
	}
	return "", ""
}

// int32Literals requires every INT literal argument to fit an INT.
func int32Literals(args []*ir.Expr) (string, string) {
	for _, a := range args {
		if v, ok := literal(a); ok && a.Type != nil && a.Type.Kind == contracts.KindInt32 {
			if _, err := strconv.ParseInt(v, 10, 32); err != nil {
				return "the count " + v + " does not fit an INT", "pass a count between -2147483648 and 2147483647"
			}
		}
	}
	return "", ""
}

// urlParts are the parts parse_url knows.
var urlParts = map[string]bool{"HOST": true, "PATH": true, "QUERY": true, "REF": true,
	"PROTOCOL": true, "FILE": true, "AUTHORITY": true, "USERINFO": true}

// urlKey is the form of a query key: Spark reads the key as a regular
// expression, so only keys without metacharacters mean themselves.
var urlKey = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

// urlPart requires a literal part parse_url knows, and a literal key
// without regular-expression metacharacters (only with QUERY).
func urlPart(args []*ir.Expr) (string, string) {
	part, ok := literal(args[1])
	if !ok || !urlParts[part] {
		return "the part of parse_url must be one of HOST, PATH, QUERY, REF, PROTOCOL, FILE, AUTHORITY, USERINFO, got " + part,
			"use etl.URLHost, etl.URLPath, ... (etl.URLPart)"
	}
	if len(args) < 3 {
		return "", ""
	}
	key, ok := literal(args[2])
	switch {
	case part != "QUERY":
		return "a query key needs the part QUERY, got " + part, "use etl.ParseURLQuery(url, key)"
	case !ok || !urlKey.MatchString(key):
		return "the query key " + strconv.Quote(key) + " must be a literal of letters, digits, _ and -",
			"Spark reads the key as a regular expression; other keys are not offered"
	}
	return "", ""
}
