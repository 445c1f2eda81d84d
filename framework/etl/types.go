package etl

import (
	"reflect"
	"strconv"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// Row is the element type of a stream whose shape is only known to the plan:
// the result of Select, WithColumn, Agg and Join, and the invalid and late
// branches of an extract. etl.Into[T] gives such a stream its contract.
type Row struct{}

// Numeric is the set of column types arithmetic and sum/avg accept.
type Numeric interface {
	~int32 | ~int64 | ~float64 | decimal.Decimal
}

var (
	typeTime    = reflect.TypeFor[time.Time]()
	typeDecimal = reflect.TypeFor[decimal.Decimal]()
	typeDate    = reflect.TypeFor[contracts.Date]()
	typeRow     = reflect.TypeFor[Row]()
)

// typeOf maps a Go type to its contract type. Decimals get Spark's default
// decimal(10,0) unless a caller says otherwise; unknown types map to a zero
// Type (Kind "").
func typeOf(t reflect.Type) contracts.Type {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case typeTime:
		return contracts.Type{Kind: contracts.KindTimestamp}
	case typeDecimal:
		return contracts.Type{Kind: contracts.KindDecimal, Precision: 10, Scale: 0}
	case typeDate:
		return contracts.Type{Kind: contracts.KindDate}
	}
	switch t.Kind() {
	case reflect.String:
		return contracts.Type{Kind: contracts.KindString}
	case reflect.Bool:
		return contracts.Type{Kind: contracts.KindBool}
	case reflect.Int32:
		return contracts.Type{Kind: contracts.KindInt32}
	case reflect.Int64, reflect.Int:
		return contracts.Type{Kind: contracts.KindInt64}
	case reflect.Float64, reflect.Float32:
		return contracts.Type{Kind: contracts.KindFloat64}
	}
	return contracts.Type{}
}

// literal renders a Go value as an IR literal value and type.
func literal(v any) (string, contracts.Type) {
	switch x := v.(type) {
	case string:
		return x, typeOf(reflect.TypeFor[string]())
	case bool:
		return strconv.FormatBool(x), contracts.Type{Kind: contracts.KindBool}
	case int32:
		return strconv.FormatInt(int64(x), 10), contracts.Type{Kind: contracts.KindInt32}
	case int64:
		return strconv.FormatInt(x, 10), contracts.Type{Kind: contracts.KindInt64}
	case int:
		return strconv.Itoa(x), contracts.Type{Kind: contracts.KindInt64}
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), contracts.Type{Kind: contracts.KindFloat64}
	case decimal.Decimal:
		return x.String(), decimalLiteralType(x)
	case time.Time:
		return x.UTC().Format(time.RFC3339Nano), contracts.Type{Kind: contracts.KindTimestamp}
	case contracts.Date:
		return dateString(x), contracts.Type{Kind: contracts.KindDate}
	}
	return "", typeOf(reflect.TypeOf(v))
}

// decimalLiteralType is the exact decimal(p,s) of a literal, as Spark types it.
func decimalLiteralType(x decimal.Decimal) contracts.Type {
	scale := 0
	if x.Exponent() < 0 {
		scale = int(-x.Exponent())
	}
	digits := len(x.Coefficient().String())
	if x.Coefficient().Sign() < 0 {
		digits--
	}
	p := max(digits, scale, 1)
	if x.Exponent() > 0 {
		p += int(x.Exponent())
	}
	return contracts.Type{Kind: contracts.KindDecimal, Precision: p, Scale: scale}
}

// dateString renders a date as YYYY-MM-DD.
func dateString(d contracts.Date) string {
	return time.Date(d.Year, d.Month, d.Day, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
}
