package etl

import "github.com/etlgen/etlgen/framework/ir"

// JSONLeaf are the Go types JSONGet extracts a JSON value as. Not float64:
// Spark reads a JSON string as a double with Java's Double.parseDouble
// (hexadecimal, "1d"), which the local engine does not.
type JSONLeaf interface {
	string | int32 | int64 | bool
}

// JSONValid reports whether s is one JSON value as Spark's try_parse_json
// reads it (strict JSON, no duplicate keys; text after the value is
// ignored); false for NULL. Spark: try_parse_json(s) IS NOT NULL.
func JSONValid(s Typed[string]) Expr[bool] { return call[bool](ir.FuncJSONValid, irOf(s)) }

// JSONGet is the value at path in the JSON text s, converted to T as
// Spark's try_variant_get(try_parse_json(s), path, type) does: NULL when s
// is not valid JSON, the path leads nowhere, the value is JSON null or
// does not convert. The path is a literal of the subset docs/dsl.md
// describes ("$.a.b", "$.items[0]", "$['a b']").
func JSONGet[T JSONLeaf](s Typed[string], path string) Expr[T] {
	return call[T](ir.FuncJSONGet, irOf(s), Lit(path).e, Lit(jsonType[T]()).e)
}

// jsonType is the Spark type name of T.
func jsonType[T JSONLeaf]() string {
	var zero T
	switch any(zero).(type) {
	case int32:
		return "int"
	case int64:
		return "bigint"
	case bool:
		return "boolean"
	}
	return "string"
}
