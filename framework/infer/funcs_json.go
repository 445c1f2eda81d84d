package infer

import (
	"errors"
	"strconv"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// jsonTypes are the Spark types json_get converts to, and their kinds.
var jsonTypes = map[string]contracts.Type{
	"string": tString, "int": tInt32, "bigint": tInt64, "boolean": tBool,
}

// jsonRules are the typing rules of the JSON functions.
var jsonRules = map[ir.Func]rule{
	ir.FuncJSONValid: allOf(contracts.KindString, tBool),
	ir.FuncJSONGet:   jsonGet,
}

// jsonLiteralRules check json_get's path.
var jsonLiteralRules = map[ir.Func]literalRule{
	ir.FuncJSONGet: jsonPath,
}

// jsonGet types json_get(s, path, type): the type its literal names.
func jsonGet(args []value) (contracts.Type, string) {
	if len(args) != 3 || args[0].t.Kind != contracts.KindString {
		return contracts.Type{}, "needs a string, a path and a type"
	}
	name := ""
	if args[2].lit != nil {
		name = args[2].lit.Value
	}
	t, ok := jsonTypes[name]
	if !ok {
		return contracts.Type{}, "extracts a string, int, bigint or boolean, not " + strconv.Quote(name)
	}
	return t, ""
}

// jsonPath requires a literal path of the subset ir.ParseJSONPath reads.
func jsonPath(args []*ir.Expr) (string, string) {
	p, ok := literal(args[1])
	if !ok {
		return "the path must be a literal", "pass the path as a Go string"
	}
	_, err := ir.ParseJSONPath(p)
	if pe := (*ir.JSONPathError)(nil); errors.As(err, &pe) {
		return "path " + strconv.Quote(p) + " at byte " + strconv.Itoa(pe.Offset) + ": " + pe.Problem,
			`write $ then .name, ['key'] or [n] steps ("$.page.url", "$.items[0]", "$['a b']")`
	}
	return "", ""
}
