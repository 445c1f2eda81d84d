// Package case118 is a contract loader test case: constraints no value satisfies.
package case118

import (
	"github.com/shopspring/decimal"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A is above 5 and below 3.
	A int64 `json:"a" validate:"gt=5,lt=3"`
	// B is at least 10 and at most 2 characters long.
	B string `json:"b" validate:"min=10,max=2"`
	// C is at least 5 and at most 4.
	C float64 `json:"c" validate:"gte=5,lte=4"`
	// D has length 3 and at least 5.
	D string `json:"d" validate:"len=3,min=5"`
	// E lists a value twice.
	E string `json:"e" validate:"oneof=a b a"`
	// F is an integer strictly between 1 and 2.
	F int64 `json:"f" validate:"gt=1,lt=2"`
	// G has two lengths.
	G []string `json:"g" validate:"len=2,len=3"`
	// H is a decimal above and below 1.5.
	H decimal.Decimal `json:"h" validate:"gt=1.5,lte=1.5" contract:"decimal(10,2)"`
}
