package contracts

import (
	"errors"
	"fmt"
)

// structPlan is the compiled form of a struct's fields: what the walker
// needs to check a JSON object against them.
type structPlan struct {
	fields []fieldPlan
	decl   []Field // the contract's fields, for Record
	index  map[string]int
	absent []int32 // one -1 per field: the initial slots of an object
}

// fieldPlan is one compiled field.
type fieldPlan struct {
	name     string
	required bool
	typ      *typePlan
	checks   []check
	enum     []string // oneof values, to intern strings
}

// typePlan is a compiled type: a kind with what its checks need.
type typePlan struct {
	kind         Kind
	scale        int
	maxIntDigits int // decimal: precision - scale
	elem         *typePlan
	st           *structPlan
}

// compileStruct compiles fields; path names the struct in errors.
func compileStruct(fields []Field, path string) (*structPlan, error) {
	sp := &structPlan{decl: fields, index: make(map[string]int, len(fields))}
	var errs []error
	for i := range fields {
		f := &fields[i]
		fp := joinPath(path, f.Name)
		if _, dup := sp.index[f.Name]; dup {
			errs = append(errs, fmt.Errorf("field %s: column name used twice", fp))
			continue
		}
		sp.index[f.Name] = i
		plan, err := compileField(f, fp)
		if err != nil {
			errs = append(errs, err)
		}
		sp.fields = append(sp.fields, plan)
		sp.absent = append(sp.absent, -1)
	}
	return sp, errors.Join(errs...)
}

func compileField(f *Field, path string) (fieldPlan, error) {
	fp := fieldPlan{name: f.Name, required: f.Required}
	t, err := compileType(&f.Type, path)
	if err != nil {
		return fp, err
	}
	fp.typ = t
	for _, c := range f.Constraints {
		switch c.Kind {
		case ConstraintOmitEmpty:
			continue
		case ConstraintRequired:
			fp.required = true
			if t.kind != KindString {
				continue
			}
		}
		ck, err := compileCheck(c, t)
		if err != nil {
			return fp, fmt.Errorf("field %s: constraint %s: %w", path, c.Kind, err)
		}
		fp.checks = append(fp.checks, ck)
		if c.Kind == ConstraintOneOf {
			fp.enum = append(fp.enum, c.Args...)
		}
	}
	return fp, nil
}

func compileType(t *Type, path string) (*typePlan, error) {
	tp := &typePlan{kind: t.Kind}
	switch t.Kind {
	case KindString, KindBool, KindInt32, KindInt64, KindFloat64, KindTimestamp, KindDate:
	case KindDecimal:
		if t.Precision < 1 || t.Precision > 38 || t.Scale < 0 || t.Scale > t.Precision {
			return nil, fmt.Errorf("field %s: decimal(%d,%d): precision must be 1..38 and scale 0..precision",
				path, t.Precision, t.Scale)
		}
		tp.scale, tp.maxIntDigits = t.Scale, t.Precision-t.Scale
	case KindArray:
		if t.Elem == nil {
			return nil, fmt.Errorf("field %s: array without an element type", path)
		}
		elem, err := compileType(t.Elem, path+"[]")
		if err != nil {
			return nil, err
		}
		tp.elem = elem
	case KindStruct:
		st, err := compileStruct(t.Fields, path)
		if err != nil {
			return nil, err
		}
		tp.st = st
	default:
		return nil, fmt.Errorf("field %s: unsupported kind %q", path, t.Kind)
	}
	return tp, nil
}

func joinPath(parent, name string) string {
	if parent == "" {
		return name
	}
	return parent + "." + name
}
