// Package case140 is a contract loader test case: malformed rule markers
// and rule expressions (ETL-C140 to ETL-C145).
package case140

import (
	"time"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/contracts"
)

// Span has bad rules.
// +etl:contract id=span version=1.0.0
// +etl:rule field=end "end >= start"
// +etl:rule name=BadName "end >= start"
// +etl:rule name=no_expr field=end
// +etl:rule name=trailing "end >= start" extra
// +etl:rule name=syntax "end >= (start"
// +etl:rule name=chain "1 < count < 3"
// +etl:rule name=typo "ende >= start"
// +etl:rule name=nested_typo "where.cty = 'x'"
// +etl:rule name=bad_field field=nowhere "end >= start"
// +etl:rule name=not_bool "count + 1"
// +etl:rule name=text_math "label + 1 > 0"
// +etl:rule name=string_vs_number "label = 1"
// +etl:rule name=time_vs_date "end >= day"
// +etl:rule name=bool_order "flag > false"
// +etl:rule name=decimal_float "amount > ratio"
// +etl:rule name=decimal_div "amount / 2 > 1"
// +etl:rule name=too_wide "amount * amount > 0"
// +etl:rule name=struct_field "where > 1"
// +etl:rule name=dup "end >= start"
// +etl:rule name=dup "end >= start"
type Span struct {
	// Start is when it starts.
	Start time.Time `json:"start"`
	// End is when it ends.
	End time.Time `json:"end"`
	// Day is a date.
	Day contracts.Date `json:"day"`
	// Count counts.
	Count int32 `json:"count"`
	// Label names it.
	Label string `json:"label"`
	// Flag flags it.
	Flag bool `json:"flag"`
	// Amount is money.
	Amount decimal.Decimal `json:"amount" contract:"decimal(38,2)"`
	// Ratio is a ratio.
	Ratio float64 `json:"ratio"`
	// Where is a place.
	Where Place `json:"where"`
}

// Place is a place.
type Place struct {
	City string `json:"city"`
}
