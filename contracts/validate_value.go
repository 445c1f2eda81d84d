package contracts

import (
	"fmt"
	"math"
	"math/big"
	"time"

	"github.com/shopspring/decimal"
)

// Value is one typed value of a validated Record: a tagged union that holds
// scalars without boxing. Kind tells which accessor applies; a null (absent
// optional) value has Kind "".
type Value struct {
	kind Kind
	n    int64  // bool (0/1), ints, float bits, decimal mantissa, unix seconds, packed date
	m    int32  // decimal exponent, timestamp nanoseconds
	s    string // string value
	x    any    // *big.Int decimal mantissa, []Value array, Record struct
}

// Kind returns the value's kind, or "" for null.
func (v Value) Kind() Kind { return v.kind }

// IsNull reports whether the value is null (an absent or null optional field).
func (v Value) IsNull() bool { return v.kind == "" }

// String renders the value for messages and test diffs: its Go value as
// fmt prints it, "null" for null.
func (v Value) String() string {
	if v.IsNull() {
		return "null"
	}
	return fmt.Sprint(v.Any())
}

// Str returns a string value.
func (v Value) Str() string { return v.s }

// Bool returns a bool value.
func (v Value) Bool() bool { return v.n != 0 }

// Int returns an int32 or int64 value.
func (v Value) Int() int64 { return v.n }

// Float returns a float64 value.
func (v Value) Float() float64 { return math.Float64frombits(uint64(v.n)) }

// Decimal returns a decimal value, scaled to the field's scale.
func (v Value) Decimal() decimal.Decimal {
	if b, ok := v.x.(*big.Int); ok {
		return decimal.NewFromBigInt(b, v.m)
	}
	return decimal.New(v.n, v.m)
}

// SmallDecimal returns a decimal value's coefficient and exponent, the
// value being coef × 10^exp, when its coefficient fits in an int64 (ok
// false otherwise): what Decimal returns, without allocating it.
func (v Value) SmallDecimal() (coef int64, exp int32, ok bool) {
	if _, big := v.x.(*big.Int); big || v.kind != KindDecimal {
		return 0, 0, false
	}
	return v.n, v.m, true
}

// Time returns a timestamp value in UTC, or midnight UTC of a date value.
func (v Value) Time() time.Time {
	if v.kind == KindDate {
		return v.Date().Time()
	}
	return time.Unix(v.n, int64(v.m)).UTC()
}

// Date returns a date value.
func (v Value) Date() Date {
	return Date{Year: int(v.n >> 16), Month: time.Month(v.n >> 8 & 0xff), Day: int(v.n & 0xff)}
}

// List returns the elements of an array value.
func (v Value) List() []Value { l, _ := v.x.([]Value); return l }

// Record returns the value of a nested struct.
func (v Value) Record() Record { r, _ := v.x.(Record); return r }

// Any returns the value as a Go value: string, bool, int32, int64, float64,
// decimal.Decimal, time.Time (UTC), Date, []any, Record, or nil for null.
func (v Value) Any() any {
	switch v.kind {
	case KindString:
		return v.s
	case KindBool:
		return v.Bool()
	case KindInt32:
		return int32(v.n)
	case KindInt64:
		return v.n
	case KindFloat64:
		return v.Float()
	case KindDecimal:
		return v.Decimal()
	case KindTimestamp:
		return v.Time()
	case KindDate:
		return v.Date()
	case KindArray:
		l := v.List()
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = e.Any()
		}
		return out
	case KindStruct:
		return v.Record()
	}
	return nil
}

func packDate(y, m, d int) int64 { return int64(y)<<16 | int64(m)<<8 | int64(d) }
