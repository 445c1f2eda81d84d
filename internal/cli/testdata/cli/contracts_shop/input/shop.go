// Package shop is a small contract package for the CLI tests.
package shop

import (
	"time"

	"github.com/shopspring/decimal"
)

// Payment is one card payment.
// +etl:contract id=payment version=1.0.0 owner=payments-team domain=finance status=active
type Payment struct {
	// PaymentID is the payment's id.
	PaymentID string `json:"payment_id" validate:"required,max=36" contract:"pk"`
	// Amount is the amount paid.
	Amount decimal.Decimal `json:"amount" validate:"gt=0" contract:"decimal(12,2)"`
	// Method is how the customer paid.
	Method string `json:"method" validate:"oneof=card transfer"`
	// Note is a free comment.
	Note *string `json:"note"`
	// PaidAt is when the payment happened.
	PaidAt time.Time `json:"paid_at" contract:"eventtime"`
}
