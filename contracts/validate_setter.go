package contracts

import (
	"fmt"
	"reflect"
	"strings"
	"time"
	"unsafe"

	"github.com/shopspring/decimal"
)

// A setter plan maps validated values into a Go struct by json column name.
// It is compiled once per type with reflect; applying it writes each field
// through its offset, with no reflection or encoding/json per event. The
// plan is checked against the struct's types when it is built, which is what
// makes the unsafe writes sound.

// setFunc stores v at p, the address of a Go value of the planned type.
type setFunc func(p unsafe.Pointer, v *Value)

// fieldSetter stores one field at its offset in the struct.
type fieldSetter struct {
	off uintptr
	set setFunc
}

// structSetter has one fieldSetter per contract field, in declaration order.
type structSetter []fieldSetter

// apply stores vals into the struct at p; null values leave the (zero) field
// as it is.
func (ss structSetter) apply(p unsafe.Pointer, vals []Value) {
	for i := range ss {
		if !vals[i].IsNull() {
			ss[i].set(unsafe.Add(p, ss[i].off), &vals[i])
		}
	}
}

var (
	decimalType = reflect.TypeFor[decimal.Decimal]()
	timeType    = reflect.TypeFor[time.Time]()
	dateType    = reflect.TypeFor[Date]()
)

// buildStructSetter plans fields into Go struct type t.
func buildStructSetter(fields []Field, t reflect.Type, path string) (structSetter, error) {
	if t.Kind() != reflect.Struct {
		return nil, fmt.Errorf("%s: Go type %s is not a struct", pathOr(path), t)
	}
	byName := map[string]reflect.StructField{}
	for _, sf := range reflect.VisibleFields(t) {
		if name, ok := columnName(sf); ok && len(sf.Index) == 1 {
			byName[name] = sf
		}
	}
	ss := make(structSetter, len(fields))
	for i := range fields {
		f := &fields[i]
		fp := joinPath(path, f.Name)
		sf, ok := byName[f.Name]
		if !ok {
			return nil, fmt.Errorf("%s: Go type %s has no field with json name %q", fp, t, f.Name)
		}
		set, err := buildSetter(&f.Type, sf.Type, fp)
		if err != nil {
			return nil, err
		}
		ss[i] = fieldSetter{off: sf.Offset, set: set}
	}
	return ss, nil
}

// columnName is the json name of an exported struct field.
func columnName(sf reflect.StructField) (string, bool) {
	if !sf.IsExported() {
		return "", false
	}
	name, _, _ := strings.Cut(sf.Tag.Get("json"), ",")
	switch name {
	case "-":
		return "", false
	case "":
		return sf.Name, true
	}
	return name, true
}

func pathOr(path string) string {
	if path == "" {
		return "record"
	}
	return path
}
