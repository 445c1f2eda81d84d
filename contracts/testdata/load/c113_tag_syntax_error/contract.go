// Package case113 is a contract loader test case: struct, contract and validate tags that cannot be read.
package case113

import (
	"github.com/shopspring/decimal"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A has an unquoted struct tag value.
	A string `json:"a" validate:required`
	// B has an empty validate item.
	B string `json:"b" validate:"required,,max=3"`
	// C has an unclosed parenthesis.
	C decimal.Decimal `json:"c" contract:"decimal(18,2"`
	// D uses validator alternatives.
	D string `json:"d" validate:"email|url"`
	// E gives a contract key twice.
	E int64 `json:"e" contract:"unique,unique"`
	// F asks for numbers as JSON strings.
	F int64 `json:"f,string"`
	// G gives a struct tag key twice.
	G string `json:"g" json:"h"`
	// H puts parentheses on a validate tag.
	H int64 `json:"h" validate:"gt(5)"`
}
