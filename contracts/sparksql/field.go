package sparksql

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/etlgen/etlgen/contracts"
)

// fields compiles every top-level field in declaration order and adds its
// typed column.
func (cp *compiler) fields() error {
	for i := range cp.plan.Contract.Fields {
		f := &cp.plan.Contract.Fields[i]
		id := strconv.Itoa(i + 1)
		v := cp.stage("_etl_v"+id, payloadMember(f.Name))
		if err := cp.field(f, v, f.Name, "", id); err != nil {
			return err
		}
		cp.plan.Columns = append(cp.plan.Columns, Column{Name: f.Name, SQL: cp.column(f.Type, id)})
	}
	return nil
}

// column is the typed value of the field of type t and id, read from its
// value's stages (value.typed) for a scalar, built from its fields' columns
// when present for a struct, typedExpr of its variant for an array.
func (cp *compiler) column(t contracts.Type, id string) string {
	val := cp.values[id]
	if col := val.typed(t); col != "" {
		return col
	}
	if t.Kind != contracts.KindStruct {
		return typedExpr(t, val.v, 1)
	}
	parts := make([]string, len(t.Fields))
	for i := range t.Fields {
		parts[i] = QuoteString(t.Fields[i].Name) + ", " + cp.column(t.Fields[i].Type, id+"_"+strconv.Itoa(i+1))
	}
	return fmt.Sprintf("CASE WHEN %s THEN named_struct(%s) END", val.present, strings.Join(parts, ", "))
}

// field compiles the checks of field f, whose member is the variant column
// v, at dotted path; guard is the SQL condition under which the checks
// apply ("" for always): every enclosing optional struct is present.
// Nested structs are compiled depth-first into flat checks; an array's
// elements become one check with a per-row code (see arrayErrExpr). The
// checks read the field's value parts (fieldValue), which cp.values keeps
// under id.
func (cp *compiler) field(f *contracts.Field, v, path, guard, id string) error {
	val := cp.fieldValue(f.Type, v, id)
	if isRequired(f) {
		cp.check(rule{contracts.ReasonMissingRequired, val.present, "is required"}, "required", path, guard)
	}
	inner := and(guard, val.present)
	types, err := typeRules(f.Type, val)
	if err != nil {
		return fmt.Errorf("field %s: %w", path, err)
	}
	if k := f.Type.Kind; k == contracts.KindTimestamp || k == contracts.KindDate {
		val.instant = cp.temporalStage(k, val.str, id)
		types[1].pred = val.instant + " IS NOT NULL"
	}
	if cp.values == nil {
		cp.values = map[string]value{}
	}
	cp.values[id] = val
	for _, r := range types {
		cp.check(r, "type "+string(f.Type.Kind), path, inner)
	}
	switch f.Type.Kind {
	case contracts.KindStruct:
		if err := onlyPresence(f); err != nil {
			return fmt.Errorf("field %s: %w", path, err)
		}
		for i := range f.Type.Fields {
			child := &f.Type.Fields[i]
			cid := id + "_" + strconv.Itoa(i+1)
			cv := cp.stage("_etl_v"+cid, memberExpr(v, child.Name))
			if err := cp.field(child, cv, path+"."+child.Name, inner, cid); err != nil {
				return err
			}
		}
		return nil
	case contracts.KindArray:
		elems, err := arrayErrExpr(*f.Type.Elem, v, QuoteString(path), 1)
		if err != nil {
			return fmt.Errorf("field %s: %w", path, err)
		}
		e := cp.stage("_etl_e"+id, elems)
		cp.plan.Checks = append(cp.plan.Checks, Check{
			Rule: "elements", CodeSQL: e + ".code", FieldPath: path + "[*]", PathSQL: e + ".path", Reason: e + ".reason",
			SQL: guarded(inner, e+" IS NULL"),
		})
	case contracts.KindTimestamp, contracts.KindDate, contracts.KindBool:
		if err := onlyPresence(f); err != nil {
			return fmt.Errorf("field %s: %w", path, err)
		}
	}
	cons, tags, err := constraintRules(f, val)
	if err != nil {
		return fmt.Errorf("field %s: %w", path, err)
	}
	for i, r := range cons {
		cp.check(r, tags[i], path, inner)
	}
	return nil
}

// temporalStage adds the stages of a timestamp or date field whose string
// is s (its _etl_sN): for a timestamp its offset in minutes (_etl_oN) and
// instant as Spark's CAST reads it (_etl_lN), and its typed value, NULL when
// invalid (_etl_tN).
func (cp *compiler) temporalStage(k contracts.Kind, s, id string) string {
	if k == contracts.KindDate {
		return cp.stage("_etl_t"+id, dateExpr(s))
	}
	off := cp.stage("_etl_o"+id, offsetExpr(s))
	instant := cp.stage("_etl_l"+id, instantExpr(s))
	return cp.stage("_etl_t"+id, timestampFrom(s, off, instant))
}

// onlyPresence rejects constraints other than required/omitempty, which Go
// validation does not run on structs, booleans, timestamps and dates.
func onlyPresence(f *contracts.Field) error {
	for _, c := range f.Constraints {
		if c.Kind != contracts.ConstraintRequired && c.Kind != contracts.ConstraintOmitEmpty {
			return fmt.Errorf("constraint %s does not apply to %s", c.Kind, f.Type.Kind)
		}
	}
	return nil
}

// check adds a flat check with a static code; name is the rule as the
// contract states it (Check.Rule).
func (cp *compiler) check(r rule, name, path, guard string) {
	cp.plan.Checks = append(cp.plan.Checks, Check{
		Rule: name, Code: r.code, CodeSQL: QuoteString(string(r.code)), FieldPath: path, PathSQL: QuoteString(path),
		Reason: QuoteString(r.reason), SQL: guarded(guard, r.pred),
	})
}

// guarded makes pred NULL-safe (a NULL counts as a failure) and vacuously
// true when the never-NULL guard is false.
func guarded(guard, pred string) string {
	if guard == "" {
		return fmt.Sprintf("coalesce(%s, false)", pred)
	}
	return fmt.Sprintf("(NOT %s OR coalesce(%s, false))", guard, pred)
}

func and(a, b string) string {
	if a == "" {
		return b
	}
	return "(" + a + " AND " + b + ")"
}
