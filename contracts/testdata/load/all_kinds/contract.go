// Package allkinds is a contract loader test case: every supported kind, tag and marker key.
package allkinds

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
	"time"
)

// Status is a payment status; named string types are strings.
type Status string

// Address is a postal address, used as a nested struct.
type Address struct {
	// Street is the street and number.
	Street string `json:"street" validate:"required,max=200"`
	// Zip is the postal code.
	Zip *string `json:"zip" validate:"len=5,numeric"`
}

// Everything uses every supported kind.
//
// It has a second paragraph,
// written on two lines.
// +etl:contract id=everything version=2.1.0 owner="orders team" domain=sales status=draft unknown_fields=reject max_payload=4096
type Everything struct {
	// ID is the first key column.
	ID string `json:"id" validate:"required,uuid" contract:"pk,example=0b9d6b9e-3c4a-4d2e-9a57-1c0f7b8e2d11"`
	// Seq is the second key column.
	Seq int32 `json:"seq" validate:"gte=0,lte=1000" contract:"pk"`
	// Active says whether the thing is active.
	Active bool `json:"active" contract:"example=true"`
	// Count counts.
	Count int64 `json:"count,omitempty" validate:"min=1,max=9"`
	// Ratio is a fraction.
	Ratio float64 `json:"ratio" validate:"gt=0,lt=1.5"`
	// Amount is money.
	Amount decimal.Decimal `json:"amount" validate:"gte=-10.5" contract:"decimal(38,4),example=12.5"`
	// At is the event time.
	At time.Time `json:"at" contract:"eventtime"`
	// Day is a calendar date.
	Day contracts.Date `json:"day" contract:"example=2026-07-15"`
	// Email is an e-mail address.
	Email *string `json:"email" validate:"omitempty,email" contract:"classification=confidential,pii,unique"`
	// Status is the status.
	Status Status `json:"status" validate:"oneof=paid 'partly paid' refunded"`
	// Tags are labels.
	Tags []string `json:"tags" validate:"max=10"`
	// Prices are decimals.
	Prices []decimal.Decimal `json:"prices" contract:"decimal(10,2)"`
	// Matrix is nested slices.
	Matrix [][]float64 `json:"matrix"`
	// Home is a nested named struct.
	Home Address `json:"home"`
	// Work is an optional nested struct.
	Work *Address `json:"work"`
	// Lines is a slice of anonymous structs.
	Lines []struct {
		// SKU names the product.
		SKU string `json:"sku" validate:"startswith=SKU-,alphanum" contract:"example=SKU-1"`
		// Qty is how many.
		Qty int32 `json:"qty" validate:"gt=0"`
	} `json:"lines"`
	// Formats uses each string format once.
	Formats string `json:"formats" validate:"url,alpha,alphanum,numeric,lowercase,uppercase,endswith=0x2Cx,contains=a b"`
	// Skipped is not part of the contract.
	Skipped  string `json:"-"`
	internal string
}

var _ = Everything{}.internal
