package contracts

import (
	"fmt"
	"reflect"
	"time"
	"unsafe"

	"github.com/shopspring/decimal"
)

// buildSetter plans a value of contract type t into Go type g.
func buildSetter(t *Type, g reflect.Type, path string) (setFunc, error) {
	if g.Kind() == reflect.Pointer {
		return pointerSetter(t, g, path)
	}
	var set setFunc
	switch t.Kind {
	case KindArray:
		return sliceSetter(t, g, path)
	case KindStruct:
		ss, err := buildStructSetter(t.Fields, g, path)
		if err != nil {
			return nil, err
		}
		return func(p unsafe.Pointer, v *Value) { ss.apply(p, v.Record().vals) }, nil
	default:
		set = scalarSetter(t.Kind, g)
	}
	if set == nil {
		return nil, fmt.Errorf("%s: contract type %s cannot be stored in Go type %s", path, t.Kind, g)
	}
	return set, nil
}

// scalarSetter returns the setter of a scalar kind into g, or nil when g
// cannot hold it.
func scalarSetter(k Kind, g reflect.Type) setFunc {
	gk := g.Kind()
	switch {
	case k == KindString && gk == reflect.String:
		return func(p unsafe.Pointer, v *Value) { *(*string)(p) = v.s }
	case k == KindBool && gk == reflect.Bool:
		return func(p unsafe.Pointer, v *Value) { *(*bool)(p) = v.n != 0 }
	case k == KindInt32 && gk == reflect.Int32:
		return func(p unsafe.Pointer, v *Value) { *(*int32)(p) = int32(v.n) }
	case (k == KindInt32 || k == KindInt64) && (gk == reflect.Int64 || gk == reflect.Int && g.Size() == 8):
		return func(p unsafe.Pointer, v *Value) { *(*int64)(p) = v.n }
	case k == KindFloat64 && gk == reflect.Float64:
		return func(p unsafe.Pointer, v *Value) { *(*uint64)(p) = uint64(v.n) }
	case k == KindDecimal && g == decimalType:
		return func(p unsafe.Pointer, v *Value) { *(*decimal.Decimal)(p) = v.Decimal() }
	case (k == KindTimestamp || k == KindDate) && g == timeType:
		return func(p unsafe.Pointer, v *Value) { *(*time.Time)(p) = v.Time() }
	case k == KindDate && g == dateType:
		return func(p unsafe.Pointer, v *Value) { *(*Date)(p) = v.Date() }
	}
	return nil
}

// pointerSetter allocates the pointee of an optional field.
func pointerSetter(t *Type, g reflect.Type, path string) (setFunc, error) {
	elem := g.Elem()
	inner, err := buildSetter(t, elem, path)
	if err != nil {
		return nil, err
	}
	return func(p unsafe.Pointer, v *Value) {
		np := reflect.New(elem).UnsafePointer()
		inner(np, v)
		*(*unsafe.Pointer)(p) = np
	}, nil
}

// sliceSetter builds a slice of the elements.
func sliceSetter(t *Type, g reflect.Type, path string) (setFunc, error) {
	if g.Kind() != reflect.Slice {
		return nil, fmt.Errorf("%s: contract type array cannot be stored in Go type %s", path, g)
	}
	inner, err := buildSetter(t.Elem, g.Elem(), path+"[]")
	if err != nil {
		return nil, err
	}
	size := g.Elem().Size()
	return func(p unsafe.Pointer, v *Value) {
		l := v.List()
		s := reflect.MakeSlice(g, len(l), len(l))
		base := s.UnsafePointer()
		for i := range l {
			if !l[i].IsNull() {
				inner(unsafe.Add(base, uintptr(i)*size), &l[i])
			}
		}
		reflect.NewAt(g, p).Elem().Set(s)
	}, nil
}
