// Package case134 is a contract loader test case: examples that are not values of their field.
package case134

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
	"time"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A is an integer.
	A int64 `json:"a" contract:"example=abc"`
	// B is a decimal with two places.
	B decimal.Decimal `json:"b" contract:"decimal(5,2),example=1.234,example=12345"`
	// C is a timestamp.
	C time.Time `json:"c" contract:"example=2026-07-15 11:50"`
	// D is a date.
	D contracts.Date `json:"d" contract:"example=2026-02-30"`
	// E is a bool.
	E bool `json:"e" contract:"example=yes"`
	// F is fine.
	F decimal.Decimal `json:"f" contract:"decimal(5,2),example=123.40,example=-1e2"`
}
