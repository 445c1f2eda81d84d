package sparksql

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
)

// rule is one check of a value before it is placed: its code, a predicate
// (which may be NULL; callers make it NULL-safe) and an English reason.
type rule struct {
	code   contracts.ReasonCode
	pred   string
	reason string
}

// presentExpr is TRUE when the variant v is a member that is there and not
// JSON null; never NULL (is_variant_null(NULL) is false).
func presentExpr(v string) string {
	return fmt.Sprintf("(%s IS NOT NULL AND NOT is_variant_null(%s))", v, v)
}

// jsonType is schema_of_variant(v): BIGINT for an integer literal that fits
// a long, DECIMAL(p,s) for a plain decimal literal of at most 38 digits (and
// an integer literal beyond long), DOUBLE for any other number (exponent
// notation, more than 38 digits), STRING, BOOLEAN, VOID for null.
func jsonType(v string) string { return "schema_of_variant(" + v + ")" }

// isNumberExpr is TRUE when the JSON type kind (jsonType) is a number.
func isNumberExpr(kind string) string {
	return fmt.Sprintf("(%s IN ('BIGINT', 'DOUBLE') OR %s LIKE 'DECIMAL(%%')", kind, kind)
}

// numberText is the JSON text of a number: exact digits for BIGINT and
// DECIMAL (toPlainString, trailing zeros kept), Java's Double.toString for
// DOUBLE (1.5E10), which reads back as the same double.
func numberText(v string) string { return "to_json(" + v + ")" }

func variantAs(v, sqlType string) string {
	return fmt.Sprintf("try_variant_get(%s, '$', '%s')", v, sqlType)
}

// typeRules returns the JSON-type checks of a value of type t, in spec
// order, read from its parts (value).
func typeRules(t contracts.Type, val value) ([]rule, error) {
	switch t.Kind {
	case contracts.KindString:
		return []rule{{contracts.ReasonWrongType, val.kind + " = 'STRING'", "expected a JSON string"}}, nil
	case contracts.KindBool:
		return []rule{{contracts.ReasonWrongType, val.kind + " = 'BOOLEAN'", "expected true or false"}}, nil
	case contracts.KindInt32, contracts.KindInt64:
		return intRules(t.Kind, val), nil
	case contracts.KindFloat64:
		return []rule{{contracts.ReasonWrongType,
			fmt.Sprintf("%s AND abs(%s) <= 1.7976931348623157E308D", isNumberExpr(val.kind), val.number),
			"expected a JSON number that fits float64"}}, nil
	case contracts.KindDecimal:
		return decimalRules(t, val), nil
	case contracts.KindTimestamp:
		return []rule{
			{contracts.ReasonWrongType, val.kind + " = 'STRING'", "expected a JSON string"},
			{contracts.ReasonInvalidTimestamp, timestampExpr(val.str) + " IS NOT NULL",
				"not an RFC 3339 timestamp YYYY-MM-DDTHH:MM:SS[.ffffff](Z|+HH:MM) in years 0001-9999"},
		}, nil
	case contracts.KindDate:
		return []rule{
			{contracts.ReasonWrongType, val.kind + " = 'STRING'", "expected a JSON string"},
			{contracts.ReasonInvalidDate, dateExpr(val.str) + " IS NOT NULL", "not a YYYY-MM-DD date"},
		}, nil
	case contracts.KindArray:
		if t.Elem == nil {
			return nil, fmt.Errorf("array without an element type")
		}
		return []rule{{contracts.ReasonWrongType, variantAs(val.v, "array<variant>") + " IS NOT NULL", "expected a JSON array"}}, nil
	case contracts.KindStruct:
		return []rule{{contracts.ReasonWrongType, variantAs(val.v, "map<string,variant>") + " IS NOT NULL", "expected a JSON object"}}, nil
	}
	return nil, fmt.Errorf("unsupported kind %q", t.Kind)
}

// intRules: an integer literal is BIGINT when it fits a long, and
// DECIMAL(p,0) when it does not. A literal with a '.' is a DECIMAL too, and
// schema_of_variant strips its trailing zeros (1.0 is DECIMAL(1,0)), so a
// DECIMAL(p,0) is an integer literal only when its value does not fit a long;
// exponent notation is DOUBLE. The range check reads the BIGINT cast of the
// variant, NULL outside the range of a long; an int32 must also be within
// the range of an INT (the check runs after the type check, so the value is
// an integer literal).
func intRules(k contracts.Kind, val value) []rule {
	inRange := val.long + " IS NOT NULL"
	if k == contracts.KindInt32 {
		inRange = val.long + " BETWEEN -2147483648L AND 2147483647L"
	}
	return []rule{
		{contracts.ReasonWrongType,
			fmt.Sprintf("(%s = 'BIGINT' OR (%s LIKE 'DECIMAL(%%,0)' AND %s IS NULL))", val.kind, val.kind, val.long),
			"expected an integer literal"},
		{contracts.ReasonOutOfRange, inRange, fmt.Sprintf("integer outside the range of %s", k)},
	}
}

// decimalRules: a BIGINT or DECIMAL literal fits DECIMAL(p,s) when its
// significant fraction digits are at most s and the cast of its exact text
// is not NULL: the scale schema_of_variant reports (DECIMAL(p',s'), trailing
// fraction zeros stripped: 19.990 is DECIMAL(4,2), 0.005 DECIMAL(3,3)) is the
// number of significant fraction digits, and a cast that does not round
// overflows (NULL) exactly when the integer digits are more than p-s. A
// BIGINT has no fraction. For DOUBLE (exponent notation) the value must
// survive a round trip through DECIMAL(p,s). The scale is read after the
// kind's last comma by substring_index, which scans bytes (split_part
// compiles its delimiter as a regular expression for every row: 5 % of the
// validation's CPU on the order example).
func decimalRules(t contracts.Type, val value) []rule {
	scale := fmt.Sprintf("try_cast(replace(substring_index(%s, ',', -1), ')', '') AS INT)", val.kind)
	exact := fmt.Sprintf("%s IS NOT NULL AND (%s = 'BIGINT' OR %s <= %d)", val.number, val.kind, scale, t.Scale)
	double := fmt.Sprintf("CAST(%s AS DOUBLE) = try_cast(%s AS DOUBLE)", val.number, val.text)
	return []rule{
		{contracts.ReasonWrongType, isNumberExpr(val.kind), "expected a JSON number"},
		{contracts.ReasonDecimalOverflow,
			fmt.Sprintf("CASE WHEN %s = 'DOUBLE' THEN %s ELSE %s END", val.kind, double, exact),
			fmt.Sprintf("number does not fit decimal(%d,%d)", t.Precision, t.Scale)},
	}
}
