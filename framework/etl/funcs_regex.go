package etl

import "github.com/etlgen/etlgen/framework/ir"

// A pattern of the functions below is a Go string in Java's regular
// expression syntax, accepted only in the subset where Java (Spark) and Go
// read it the same way (docs/dsl.md, "Regular expressions"); schema
// inference refuses any other with its position in the pattern.

// RLike is s RLIKE pattern (Spark rlike, regexp_like): true when pattern
// matches somewhere in s (anchor it with ^ and \z for the whole string).
func RLike(s Typed[string], pattern string) Expr[bool] {
	return call[bool](ir.FuncRLike, irOf(s), Lit(pattern).e)
}

// RegexpExtract is regexp_extract(s, pattern, group): the text group
// (0 for the whole match) of the first match; "" when nothing matches or
// the group took no part in the match.
func RegexpExtract(s Typed[string], pattern string, group int) Expr[string] {
	return call[string](ir.FuncRegexpExtract, irOf(s), Lit(pattern).e, intLit(group))
}

// RegexpReplace is regexp_replace(s, pattern, replacement): every match
// replaced by replacement, taken literally (no $ or \ in it). The pattern
// must not match the empty string.
func RegexpReplace(s Typed[string], pattern, replacement string) Expr[string] {
	return call[string](ir.FuncRegexpReplace, irOf(s), Lit(pattern).e, Lit(replacement).e)
}

// RegexpCount is regexp_count(s, pattern): how many times pattern matches,
// one match after the other. The pattern must not match the empty string.
func RegexpCount(s Typed[string], pattern string) Expr[int32] {
	return call[int32](ir.FuncRegexpCount, irOf(s), Lit(pattern).e)
}

// RegexpSubstr is regexp_substr(s, pattern): the first match, NULL when
// nothing (or only the empty string) matches.
func RegexpSubstr(s Typed[string], pattern string) Expr[string] {
	return call[string](ir.FuncRegexpSubstr, irOf(s), Lit(pattern).e)
}
