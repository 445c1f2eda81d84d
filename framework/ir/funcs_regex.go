package ir

// The regular-expression functions (ExprCall), with Spark 4.1's names.
// Their pattern is a literal in the subset where Java and Go agree
// (package contracts/regex), checked by schema inference.
const (
	FuncRLike         Func = "rlike"          // (s, pattern)
	FuncRegexpExtract Func = "regexp_extract" // (s, pattern, group)
	FuncRegexpReplace Func = "regexp_replace" // (s, pattern, replacement)
	FuncRegexpCount   Func = "regexp_count"   // (s, pattern)
	FuncRegexpSubstr  Func = "regexp_substr"  // (s, pattern): NULL without a match
)

// regexFuncs are the rows of the regular-expression functions.
var regexFuncs = []FuncInfo{
	scalar(FuncRLike, 2), scalar(FuncRegexpExtract, 3), scalar(FuncRegexpReplace, 3),
	scalar(FuncRegexpCount, 2),
	{Func: FuncRegexpSubstr, MinArgs: 2, MaxArgs: 2, Nulls: NullsMaybe},
}
