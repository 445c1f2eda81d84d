package contracts

import (
	"sort"

	"github.com/etlgen/etlgen/diag"
)

// checkKeys checks the top-level fields of a contract: primary key positions,
// primary keys on optional fields, and the event-time field.
func checkKeys(fields []Field, path string, l *diag.List) {
	checkPrimaryKey(fields, path, l)
	checkEventTime(fields, path, l)
}

func checkPrimaryKey(fields []Field, path string, l *diag.List) {
	byPos := map[int]*Field{}
	var positions []int
	for i := range fields {
		f := &fields[i]
		if f.PrimaryKey == 0 {
			continue
		}
		fp := path + "." + f.Name
		if !f.Required {
			l.Add(keyError(CodePrimaryKeyOptional, f.Pos, fp, "make the field a non-pointer: key columns cannot be null",
				"primary key field %s is optional", f.Name))
		}
		if prev, dup := byPos[f.PrimaryKey]; dup {
			l.Add(keyError(CodePrimaryKeyPositions, f.Pos, fp, "give each key field its own position pk=1, pk=2, ...",
				"primary key position %d is used by %s and %s", f.PrimaryKey, prev.Name, f.Name))
			continue
		}
		byPos[f.PrimaryKey] = f
		positions = append(positions, f.PrimaryKey)
	}
	sort.Ints(positions)
	for i, p := range positions {
		if p != i+1 {
			f := byPos[p]
			l.Add(keyError(CodePrimaryKeyPositions, f.Pos, path+"."+f.Name, "number key positions 1, 2, ... without gaps",
				"primary key position %d of %s leaves position %d empty", p, f.Name, i+1))
			return
		}
	}
}

func checkEventTime(fields []Field, path string, l *diag.List) {
	var first *Field
	for i := range fields {
		f := &fields[i]
		if !f.EventTime {
			continue
		}
		fp := path + "." + f.Name
		if f.Type.Kind != KindTimestamp || !f.Required {
			l.Add(keyError(CodeEventTimeType, f.Pos, fp, "mark a non-pointer time.Time field as eventtime",
				"event-time field %s must be a required timestamp, not %s", f.Name, describeFieldType(*f)))
		}
		if first != nil {
			l.Add(keyError(CodeEventTimeDuplicate, f.Pos, fp, "keep eventtime on one field",
				"event-time field %s: %s is already the event-time field", f.Name, first.Name))
			continue
		}
		first = f
	}
}

func describeFieldType(f Field) string {
	if f.Required {
		return string(f.Type.Kind)
	}
	return "optional " + string(f.Type.Kind)
}

// applyDecimalTag sets precision and scale from decimal(p,s) on a decimal
// field or on the decimal elements of a slice.
func applyDecimalTag(t *Type, ct contractTag, ps *tagProblems) {
	inner := t
	for inner.Kind == KindArray && inner.Elem != nil {
		inner = inner.Elem
	}
	switch {
	case inner.Kind == KindDecimal && ct.HasDecimal:
		inner.Precision, inner.Scale = ct.Precision, ct.Scale
	case inner.Kind == KindDecimal && !ct.DecimalGiven:
		ps.add(CodeDecimalMissing, `add contract:"decimal(p,s)", e.g. decimal(18,2)`,
			"decimal field needs a precision and scale")
	case inner.Kind != KindDecimal && ct.DecimalGiven:
		ps.add(CodeDecimalNotDecimal, "use decimal.Decimal as the field type, or remove decimal(p,s)",
			"decimal(p,s) on a %s field", inner.Kind)
	}
}

func keyError(code string, pos diag.Position, path, hint, format string, args ...any) diag.Diagnostic {
	var ps tagProblems
	ps.add(code, hint, format, args...)
	var l diag.List
	ps.place(&l, pos, path)
	return l[0]
}

func keyWarning(code string, pos diag.Position, path, hint, format string, args ...any) diag.Diagnostic {
	d := keyError(code, pos, path, hint, format, args...)
	d.Severity = diag.Warning
	return d
}
