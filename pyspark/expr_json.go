package pyspark

import (
	"fmt"

	"github.com/etlgen/etlgen/framework/ir"
)

// sqlJSONValid is (try_parse_json(s) IS NOT NULL).
func sqlJSONValid(e *ir.Expr) string {
	return fmt.Sprintf("(try_parse_json(%s) IS NOT NULL)", sqlArg(e, 0))
}

// sqlJSONGet is try_variant_get(try_parse_json(s), path, type).
func sqlJSONGet(e *ir.Expr) string {
	return fmt.Sprintf("try_variant_get(try_parse_json(%s), %s, %s)", sqlArg(e, 0), sqlArg(e, 1), sqlArg(e, 2))
}
