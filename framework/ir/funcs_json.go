package ir

// The JSON functions (ExprCall). Both read a JSON text as Spark 4.1's
// try_parse_json does (a variant; NULL for a malformed text or duplicate
// keys) and are rendered through it: they are not Spark names.
const (
	// FuncJSONValid (s) is try_parse_json(s) IS NOT NULL: false for NULL.
	FuncJSONValid Func = "json_valid"
	// FuncJSONGet (s, path literal, Spark type literal) is
	// try_variant_get(try_parse_json(s), path, type).
	FuncJSONGet Func = "json_get"
)

// jsonFuncs are the rows of the JSON functions.
var jsonFuncs = []FuncInfo{
	{Func: FuncJSONValid, MinArgs: 1, MaxArgs: 1, Nulls: NullsNever},
	{Func: FuncJSONGet, MinArgs: 3, MaxArgs: 3, Nulls: NullsMaybe},
}
