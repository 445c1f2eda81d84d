package localengine

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// compareValues orders two non-NULL values of comparable types: numbers
// compare numerically across int, float and decimal (Spark widens them to a
// common type), strings byte-wise, times by instant, bools false < true. ok is
// false when the kinds cannot be compared.
func compareValues(a, b any) (int, bool) {
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return strings.Compare(x, y), ok
	case bool:
		y, ok := b.(bool)
		return boolCmp(x, y), ok
	case time.Time:
		y, ok := b.(time.Time)
		return x.Compare(y), ok
	case contracts.Date:
		y, ok := b.(contracts.Date)
		return x.Time().Compare(y.Time()), ok
	}
	return compareNumbers(a, b)
}

func boolCmp(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

// compareNumbers compares two numbers in their widest common type.
func compareNumbers(a, b any) (int, bool) {
	ia, aInt := asInt(a)
	ib, bInt := asInt(b)
	if aInt && bInt {
		switch {
		case ia < ib:
			return -1, true
		case ia > ib:
			return 1, true
		}
		return 0, true
	}
	if isFloat(a) || isFloat(b) {
		fa, oka := asFloat(a)
		fb, okb := asFloat(b)
		return floatCmp(fa, fb), oka && okb
	}
	da, oka := asDecimal(a)
	db, okb := asDecimal(b)
	if !oka || !okb {
		return 0, false
	}
	return da.Cmp(db), true
}

// floatCmp orders floats as Spark does: NaN is larger than any other value
// and equal to itself.
func floatCmp(a, b float64) int {
	switch {
	case math.IsNaN(a) && math.IsNaN(b):
		return 0
	case math.IsNaN(a):
		return 1
	case math.IsNaN(b):
		return -1
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func asInt(v any) (int64, bool) {
	switch x := v.(type) {
	case int64:
		return x, true
	case int32:
		return int64(x), true
	case int:
		return int64(x), true
	}
	return 0, false
}

func isFloat(v any) bool { _, ok := v.(float64); return ok }

func asFloat(v any) (float64, bool) {
	switch x := v.(type) {
	case float64:
		return x, true
	case decimal.Decimal:
		f, _ := x.Float64()
		return f, true
	}
	i, ok := asInt(v)
	return float64(i), ok
}

func asDecimal(v any) (decimal.Decimal, bool) {
	switch x := v.(type) {
	case decimal.Decimal:
		return x, true
	case float64:
		return decimal.NewFromFloat(x), true
	}
	i, ok := asInt(v)
	return decimal.NewFromInt(i), ok
}

// keyString appends an unambiguous, type-tagged encoding of v to b; equal
// values (in SQL grouping terms) encode equally.
func keyString(b []byte, v any) []byte {
	switch x := v.(type) {
	case nil:
		return append(b, 'N', 0)
	case string:
		b = append(b, 's')
		b = strconv.AppendInt(b, int64(len(x)), 10)
		b = append(b, ':')
		return append(b, x...)
	case int64:
		return keyInt(b, x)
	case int32:
		return keyInt(b, int64(x))
	case bool:
		return strconv.AppendBool(append(b, 'b'), x)
	case float64:
		return strconv.AppendFloat(append(b, 'f'), x, 'g', -1, 64)
	case decimal.Decimal:
		return append(append(b, 'd'), x.String()...)
	case time.Time:
		return strconv.AppendInt(append(b, 't'), x.UnixMicro(), 10)
	case contracts.Date:
		return append(append(b, 'D'), x.String()...)
	}
	return fmt.Appendf(append(b, 'x'), "%v", v)
}

// keyInt is keyString of an integer, without boxing it.
func keyInt(b []byte, n int64) []byte { return strconv.AppendInt(append(b, 'i'), n, 10) }

// fromValue converts a validated contract value to an engine value.
func fromValue(v contracts.Value) any {
	switch v.Kind() {
	case contracts.KindStruct:
		r := v.Record()
		m := make(map[string]any, r.Len())
		for i := 0; i < r.Len(); i++ {
			m[r.Name(i)] = fromValue(r.Value(i))
		}
		return m
	case contracts.KindArray:
		l := v.List()
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = fromValue(e)
		}
		return out
	}
	return v.Any()
}

// micros returns t in microseconds since the epoch (Spark's timestamp unit).
func micros(t time.Time) int64 { return t.UnixMicro() }

// fromMicros is the UTC time of a microsecond timestamp.
func fromMicros(us int64) time.Time { return time.UnixMicro(us).UTC() }
