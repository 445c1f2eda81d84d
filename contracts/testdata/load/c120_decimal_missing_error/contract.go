// Package case120 is a contract loader test case: decimals without precision and scale.
package case120

import (
	"github.com/shopspring/decimal"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// Amount has no precision.
	Amount decimal.Decimal `json:"amount"`
	// Amounts has no precision either.
	Amounts []decimal.Decimal `json:"amounts"`
}
