package sparksql

import (
	"fmt"

	"github.com/etlgen/etlgen/contracts"
)

// value is one JSON value as the checks and the projection read it: the
// variant and the parts of it they test. For a field the parts are stages
// (fieldValue), computed once per row however many checks read them: the
// example's rules read schema_of_variant of a field up to three times, its
// bigint read three times and the text of its decimal five times. For an
// array element (or a member of a struct element) they are expressions over
// the lambda variable (inlineValue). A part the value's type does not need is
// empty.
type value struct {
	// v is the variant: SQL NULL when absent, a variant null for JSON null.
	v string
	// present is TRUE when the value is there and not JSON null, never NULL.
	present string
	// kind is schema_of_variant(v) (jsonType) for a scalar type.
	kind string
	// str is the value read as a string: strings, timestamps, dates.
	str string
	// long is the value read as a BIGINT: int32 and int64.
	long string
	// text is the JSON text of a number (numberText): float64, decimal.
	text string
	// number is the text cast to the field's type: DOUBLE for float64,
	// DECIMAL(p,s) for a decimal (NULL when it does not fit).
	number string
	// instant is the typed value of a timestamp or date field, its stage
	// _etl_tN (temporalStage).
	instant string
}

// inlineValue is the value held in the variant expression v of type t, each
// part written where it is read.
func inlineValue(t contracts.Type, v string) value {
	return valueParts(t, v, func(_, sql string) string { return sql })
}

// fieldValue is the value of field type t held in the variant stage v, each
// part a stage of its own named with the field's id: _etl_pN (presence),
// _etl_kN (JSON type), _etl_sN (string), _etl_iN (bigint), _etl_nN (number
// text) and _etl_dN (typed number).
func (cp *compiler) fieldValue(t contracts.Type, v, id string) value {
	return valueParts(t, v, func(prefix, sql string) string { return cp.stage(prefix+id, sql) })
}

// valueParts builds the parts of a value of type t held in v; part places
// each (its stage prefix, its SQL) and returns how the checks read it.
func valueParts(t contracts.Type, v string, part func(prefix, sql string) string) value {
	val := value{v: v, present: part("_etl_p", presentExpr(v))}
	switch t.Kind {
	case contracts.KindArray, contracts.KindStruct:
		return val
	}
	val.kind = part("_etl_k", jsonType(v))
	switch t.Kind {
	case contracts.KindString, contracts.KindTimestamp, contracts.KindDate:
		val.str = part("_etl_s", variantAs(v, "string"))
	case contracts.KindInt32, contracts.KindInt64:
		val.long = part("_etl_i", variantAs(v, "bigint"))
	case contracts.KindFloat64:
		val.text = part("_etl_n", numberText(v))
		val.number = part("_etl_d", fmt.Sprintf("try_cast(%s AS DOUBLE)", val.text))
	case contracts.KindDecimal:
		val.text = part("_etl_n", numberText(v))
		val.number = part("_etl_d", fmt.Sprintf("try_cast(%s AS DECIMAL(%d,%d))", val.text, t.Precision, t.Scale))
	}
	return val
}

// typed is the projection of a scalar value of type t (typedExpr's, from
// the value's parts); "" for the other types, which typedExpr renders.
func (val value) typed(t contracts.Type) string {
	switch t.Kind {
	case contracts.KindString:
		return val.str
	case contracts.KindInt32:
		return fmt.Sprintf("try_cast(%s AS INT)", val.long)
	case contracts.KindInt64:
		return val.long
	case contracts.KindFloat64, contracts.KindDecimal:
		return val.number
	case contracts.KindTimestamp, contracts.KindDate:
		return val.instant
	}
	return ""
}

// ruleValue is the value a cross-field rule reads (typed, an int32 widened
// to BIGINT: rules compute integers in int64); "" as typed.
func (val value) ruleValue(t contracts.Type) string {
	if t.Kind == contracts.KindInt32 {
		return val.long
	}
	return val.typed(t)
}
