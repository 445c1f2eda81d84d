package sparksql

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// typedExpr returns the expression of type SQLType(t) that reads the value
// held in the variant v; it is exact for a value that passed the checks.
// Scalars are cast from the variant (strings, booleans, integers) or read
// from the JSON text of the number (float64: correctly rounded by
// Double.parseDouble; decimals: exact digits cast to DECIMAL(p,s)).
// Timestamps are UTC instants (timestampExpr). depth names lambda variables.
func typedExpr(t contracts.Type, v string, depth int) string {
	switch t.Kind {
	case contracts.KindString:
		return variantAs(v, "string")
	case contracts.KindBool:
		return variantAs(v, "boolean")
	case contracts.KindInt32:
		return variantAs(v, "int")
	case contracts.KindInt64:
		return variantAs(v, "bigint")
	case contracts.KindFloat64:
		return fmt.Sprintf("try_cast(%s AS DOUBLE)", numberText(v))
	case contracts.KindDecimal:
		return fmt.Sprintf("try_cast(%s AS DECIMAL(%d,%d))", numberText(v), t.Precision, t.Scale)
	case contracts.KindTimestamp:
		return timestampExpr(variantAs(v, "string"))
	case contracts.KindDate:
		return dateExpr(variantAs(v, "string"))
	case contracts.KindArray:
		el := fmt.Sprintf("el%d", depth)
		return fmt.Sprintf("transform(%s, %s -> %s)", variantAs(v, "array<variant>"), el, typedExpr(*t.Elem, el, depth+1))
	case contracts.KindStruct:
		parts := make([]string, len(t.Fields))
		for i := range t.Fields {
			cf := &t.Fields[i]
			parts[i] = QuoteString(cf.Name) + ", " + typedExpr(cf.Type, memberExpr(v, cf.Name), depth)
		}
		return fmt.Sprintf("CASE WHEN %s THEN named_struct(%s) END", presentExpr(v), strings.Join(parts, ", "))
	}
	return "CAST(NULL AS STRING)"
}
