package ir

// The text, URL, membership and conditional functions (ExprCall), with
// Spark 4.1's names. parse_url and url_decode are the try_ forms: NULL for
// a malformed URL, where the plain forms fail the query under ANSI mode.
const (
	FuncStartsWith  Func = "startswith"
	FuncEndsWith    Func = "endswith"
	FuncContains    Func = "contains"
	FuncNullIf      Func = "nullif"
	FuncGreatest    Func = "greatest"
	FuncLeast       Func = "least"
	FuncReplace     Func = "replace"
	FuncSplitPart   Func = "split_part" // (s, delimiter, index ≠ 0)
	FuncLpad        Func = "lpad"       // (s, length, pad)
	FuncRpad        Func = "rpad"       // (s, length, pad)
	FuncLtrim       Func = "ltrim"
	FuncRtrim       Func = "rtrim"
	FuncLeft        Func = "left"
	FuncRight       Func = "right"
	FuncInstr       Func = "instr"  // (s, substring): 1-based, 0 when absent
	FuncLocate      Func = "locate" // (substring, s, 1-based start)
	FuncReverse     Func = "reverse"
	FuncInitCap     Func = "initcap"
	FuncRepeat      Func = "repeat"
	FuncTranslate   Func = "translate"
	FuncConcatWS    Func = "concat_ws" // (separator literal, s...): NULLs skipped
	FuncOctetLength Func = "octet_length"
	FuncParseURL    Func = "try_parse_url" // (url, part literal[, query key literal])
	FuncURLDecode   Func = "try_url_decode"
	FuncURLEncode   Func = "url_encode"
)

// textFuncs are the rows of the text, URL, membership and conditional
// functions; in and like are rows of funcs.
var textFuncs = []FuncInfo{
	scalar(FuncStartsWith, 2), scalar(FuncEndsWith, 2), scalar(FuncContains, 2),
	{Func: FuncNullIf, MinArgs: 2, MaxArgs: 2, Nulls: NullsMaybe},
	{Func: FuncGreatest, MinArgs: 2, MaxArgs: Variadic, Nulls: NullsAll},
	{Func: FuncLeast, MinArgs: 2, MaxArgs: Variadic, Nulls: NullsAll},
	scalar(FuncReplace, 3), scalar(FuncSplitPart, 3), scalar(FuncLpad, 3), scalar(FuncRpad, 3),
	scalar(FuncLtrim, 1), scalar(FuncRtrim, 1), scalar(FuncLeft, 2), scalar(FuncRight, 2),
	scalar(FuncInstr, 2), scalar(FuncLocate, 3), scalar(FuncReverse, 1), scalar(FuncInitCap, 1),
	scalar(FuncRepeat, 2), scalar(FuncTranslate, 3),
	{Func: FuncConcatWS, MinArgs: 1, MaxArgs: Variadic, Nulls: NullsFirst},
	scalar(FuncOctetLength, 1),
	{Func: FuncParseURL, MinArgs: 2, MaxArgs: 3, Nulls: NullsMaybe},
	{Func: FuncURLDecode, MinArgs: 1, MaxArgs: 1, Nulls: NullsMaybe},
	scalar(FuncURLEncode, 1),
}
