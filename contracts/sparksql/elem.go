package sparksql

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// errType is the type of an element error: the first failing check inside
// an array, as a struct, or NULL when every element passes.
const errType = "STRUCT<code: STRING, path: STRING, reason: STRING>"

const nullErr = "CAST(NULL AS " + errType + ")"

func errStruct(code contracts.ReasonCode, pathSQL, reason string) string {
	return fmt.Sprintf("named_struct('code', %s, 'path', %s, 'reason', %s)",
		QuoteString(string(code)), pathSQL, QuoteString(reason))
}

// arrayErrExpr returns the first element error of the array held in the
// variant v, in index order: transform builds one error (or NULL) per
// element, filter keeps the failures, try_element_at takes the first (NULL
// for none, and for a NULL or non-array v). pathSQL is the array's path as
// a SQL string; depth names the lambda variables (el1, ix1, ...) so that
// nested arrays do not shadow each other.
func arrayErrExpr(elem contracts.Type, v, pathSQL string, depth int) (string, error) {
	el, ix, er := fmt.Sprintf("el%d", depth), fmt.Sprintf("ix%d", depth), fmt.Sprintf("er%d", depth)
	elemPath := fmt.Sprintf("concat(%s, '[', CAST(%s AS STRING), ']')", pathSQL, ix)
	body, err := valueErrExpr(elem, nil, el, elemPath, depth)
	if err != nil {
		return "", err
	}
	return fmt.Sprintf("try_element_at(filter(transform(%s, (%s, %s) -> %s), %s -> %s IS NOT NULL), 1)",
		variantAs(v, "array<variant>"), el, ix, body, er, er), nil
}

// valueErrExpr returns the first error of one value inside an array: an
// element (f nil: required, no constraints) or a field of a struct element.
// It is one CASE over the presence, type and constraint checks, and then
// the errors of the children (struct fields in order, array elements then
// the array's constraints).
func valueErrExpr(t contracts.Type, f *contracts.Field, v, pathSQL string, depth int) (string, error) {
	var b strings.Builder
	missing := nullErr
	if f == nil || isRequired(f) {
		missing = errStruct(contracts.ReasonMissingRequired, pathSQL, "is required")
	}
	val := inlineValue(t, v)
	fmt.Fprintf(&b, "CASE WHEN NOT %s THEN %s", val.present, missing)
	rules, err := typeRules(t, val)
	if err != nil {
		return "", err
	}
	var cons []rule
	if f != nil {
		if cons, _, err = constraintRules(f, val); err != nil {
			return "", err
		}
	}
	if t.Kind != contracts.KindArray {
		rules, cons = append(rules, cons...), nil
	}
	writeWhens(&b, rules, pathSQL)
	children, err := childErrExpr(t, v, pathSQL, depth, cons)
	if err != nil {
		return "", err
	}
	fmt.Fprintf(&b, " ELSE %s END", children)
	return b.String(), nil
}

func writeWhens(b *strings.Builder, rules []rule, pathSQL string) {
	for _, r := range rules {
		fmt.Fprintf(b, " WHEN NOT coalesce(%s, false) THEN %s", r.pred, errStruct(r.code, pathSQL, r.reason))
	}
}

// childErrExpr returns the errors below a value that passed its own checks:
// nested fields of a struct, elements then constraints (cons) of an array.
func childErrExpr(t contracts.Type, v, pathSQL string, depth int, cons []rule) (string, error) {
	var parts []string
	switch t.Kind {
	case contracts.KindStruct:
		for i := range t.Fields {
			cf := &t.Fields[i]
			if cf.Type.Kind == contracts.KindStruct {
				if err := onlyPresence(cf); err != nil {
					return "", err
				}
			}
			e, err := valueErrExpr(cf.Type, cf, memberExpr(v, cf.Name), fmt.Sprintf("concat(%s, %s)", pathSQL, QuoteString("."+cf.Name)), depth)
			if err != nil {
				return "", fmt.Errorf("field %s: %w", cf.Name, err)
			}
			parts = append(parts, e)
		}
	case contracts.KindArray:
		e, err := arrayErrExpr(*t.Elem, v, pathSQL, depth+1)
		if err != nil {
			return "", err
		}
		parts = append(parts, e)
		if len(cons) > 0 {
			var b strings.Builder
			b.WriteString("CASE")
			writeWhens(&b, cons, pathSQL)
			b.WriteString(" ELSE " + nullErr + " END")
			parts = append(parts, b.String())
		}
	}
	switch len(parts) {
	case 0:
		return nullErr, nil
	case 1:
		return parts[0], nil
	}
	return "coalesce(" + strings.Join(parts, ", ") + ")", nil
}
