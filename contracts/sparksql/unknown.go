package sparksql

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

const stageUnknown = "_etl_unknown"

// unknown adds the UNKNOWN_FIELD check (policy reject): the stage holds the
// path of an undeclared member, or NULL. Top-level members are examined in
// payload order (json_object_keys reads the payload text); members of
// nested objects come from the parsed variant, whose keys are sorted, so
// among several unknown members the one reported may differ from Go's
// (docs/validation.md, "Spark engine notes"). The reason code never differs.
func (cp *compiler) unknown() {
	c := cp.plan.Contract
	parts := []string{firstUnknown(QuoteIdent(stageKeys), c.Fields, "''")}
	for i := range c.Fields {
		f := &c.Fields[i]
		v := QuoteIdent(fmt.Sprintf("_etl_v%d", i+1))
		if e := nestedUnknown(f.Type, v, QuoteString(f.Name), 1); e != "" {
			parts = append(parts, e)
		}
	}
	expr := parts[0]
	if len(parts) > 1 {
		expr = "coalesce(" + strings.Join(parts, ",\n  ") + ")"
	}
	u := cp.stage(stageUnknown, expr)
	cp.plan.Checks = append(cp.plan.Checks, Check{
		Rule: "unknown_fields=reject", Code: contracts.ReasonUnknownField, CodeSQL: QuoteString(string(contracts.ReasonUnknownField)),
		PathSQL: u, Reason: fmt.Sprintf("concat('member is not declared by contract ', %s)", QuoteString(c.ID)),
		SQL: guarded("", u+" IS NULL"),
	})
}

// firstUnknown returns the path of the first key in the array expression
// keys that is not a declared field name, prefixed by prefixSQL (a SQL
// string; the empty literal at the top level).
func firstUnknown(keys string, fields []contracts.Field, prefixSQL string) string {
	first := fmt.Sprintf("try_element_at(%s, 1)", keys)
	if len(fields) > 0 {
		names := make([]string, len(fields))
		for i := range fields {
			names[i] = QuoteString(fields[i].Name)
		}
		first = fmt.Sprintf("try_element_at(filter(%s, k -> NOT array_contains(array(%s), k)), 1)", keys, strings.Join(names, ", "))
	}
	if prefixSQL == "''" {
		return first
	}
	return fmt.Sprintf("concat(%s, '.', %s)", prefixSQL, first)
}

// nestedUnknown returns the first unknown member below a value of type t in
// the variant v (path pathSQL), or "" when t holds no struct.
func nestedUnknown(t contracts.Type, v, pathSQL string, depth int) string {
	switch t.Kind {
	case contracts.KindStruct:
		keys := fmt.Sprintf("map_keys(%s)", variantAs(v, "map<string,variant>"))
		parts := []string{firstUnknown(keys, t.Fields, pathSQL)}
		for i := range t.Fields {
			cf := &t.Fields[i]
			cp := fmt.Sprintf("concat(%s, %s)", pathSQL, QuoteString("."+cf.Name))
			if e := nestedUnknown(cf.Type, memberExpr(v, cf.Name), cp, depth); e != "" {
				parts = append(parts, e)
			}
		}
		if len(parts) == 1 {
			return parts[0]
		}
		return "coalesce(" + strings.Join(parts, ", ") + ")"
	case contracts.KindArray:
		if t.Elem == nil {
			return ""
		}
		el, ix, un := fmt.Sprintf("el%d", depth), fmt.Sprintf("ix%d", depth), fmt.Sprintf("un%d", depth)
		body := nestedUnknown(*t.Elem, el, fmt.Sprintf("concat(%s, '[', CAST(%s AS STRING), ']')", pathSQL, ix), depth+1)
		if body == "" {
			return ""
		}
		return fmt.Sprintf("try_element_at(filter(transform(%s, (%s, %s) -> %s), %s -> %s IS NOT NULL), 1)",
			variantAs(v, "array<variant>"), el, ix, body, un, un)
	}
	return ""
}
