// Package case121 is a contract loader test case: bad precision and scale.
package case121

import (
	"github.com/shopspring/decimal"
)

// Event is an event.
// +etl:contract id=event version=1.0.0
type Event struct {
	// A has precision 0.
	A decimal.Decimal `json:"a" contract:"decimal(0,0)"`
	// B has precision 39.
	B decimal.Decimal `json:"b" contract:"decimal(39,2)"`
	// C has a scale above its precision.
	C decimal.Decimal `json:"c" contract:"decimal(5,6)"`
	// D has no scale.
	D decimal.Decimal `json:"d" contract:"decimal(18)"`
	// E has words.
	E decimal.Decimal `json:"e" contract:"decimal(p,s)"`
	// F has a value instead.
	F decimal.Decimal `json:"f" contract:"decimal=18"`
}
