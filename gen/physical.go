package gen

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
)

// SparkType renders t as a Spark SQL type (the ODCS physicalType):
// STRING, DECIMAL(18,2), ARRAY<STRING>, STRUCT<...>. It is sparksql.SQLType,
// so contract files and the generated Spark programs agree.
func SparkType(t contracts.Type) string { return sparksql.SQLType(t) }

// logicalTypes maps kinds to ODCS logical types.
var logicalTypes = map[contracts.Kind]string{
	contracts.KindString:    "string",
	contracts.KindBool:      "boolean",
	contracts.KindInt32:     "integer",
	contracts.KindInt64:     "integer",
	contracts.KindFloat64:   "number",
	contracts.KindDecimal:   "number",
	contracts.KindTimestamp: "timestamp",
	contracts.KindDate:      "date",
	contracts.KindArray:     "array",
	contracts.KindStruct:    "object",
}

// LogicalType returns the ODCS logical type of a kind.
func LogicalType(k contracts.Kind) string {
	if lt, ok := logicalTypes[k]; ok {
		return lt
	}
	return "string"
}
