// Package orderpayments is the conformance example of duplicates and joins:
// orders and their payments arrive on two streams; payments are
// de-duplicated by id within the watermark delay, and orders are joined with
// the payments made within an hour of them (a stream–stream inner join in
// event time). The two-engine conformance suite (testkit/conformance) runs
// it on the local engine and, through the generated PySpark program, on
// Spark.
package orderpayments

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// Order is one order as placed by a customer.
// +etl:contract id=placed-order version=1.0.0 owner=orders-team domain=orders status=active
type Order struct {
	// OrderID identifies the order.
	OrderID int64 `json:"order_id" validate:"gt=0" contract:"example=1001"`
	// CustomerID identifies the customer who placed it.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"example=42"`
	// OrderTotal is the order's total amount.
	OrderTotal decimal.Decimal `json:"order_total" validate:"gte=0" contract:"decimal(18,2),example=19.99"`
	// PlacedAt is when the order was placed (UTC).
	PlacedAt time.Time `json:"placed_at" contract:"eventtime,example=2026-07-15T11:50:00Z"`
}

// Payment is one payment of an order; a payment may be delivered more than
// once.
// +etl:contract id=order-payment version=1.0.0 owner=payments-team domain=orders status=active
type Payment struct {
	// PaymentID identifies the payment.
	PaymentID string `json:"payment_id" validate:"required,max=64" contract:"example=pay-1"`
	// OrderID is the order the payment settles.
	OrderID int64 `json:"order_id" validate:"gt=0" contract:"example=1001"`
	// Amount is the amount paid.
	Amount decimal.Decimal `json:"amount" validate:"gte=0" contract:"decimal(18,2),example=19.99"`
	// PaidAt is when the payment was made (UTC).
	PaidAt time.Time `json:"paid_at" contract:"eventtime,example=2026-07-15T11:55:00Z"`
}

// PaidOrder is an order matched with a payment made within an hour of it.
// +etl:contract id=paid-order-match version=1.0.0 owner=orders-team domain=orders status=active
type PaidOrder struct {
	// OrderID identifies the order.
	OrderID int64 `json:"order_id" contract:"example=1001"`
	// CustomerID identifies the customer who placed it.
	CustomerID int64 `json:"customer_id" contract:"example=42"`
	// OrderTotal is the order's total amount.
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(18,2),example=19.99"`
	// PaymentID identifies the payment.
	PaymentID string `json:"payment_id" contract:"example=pay-1"`
	// Amount is the amount paid.
	Amount decimal.Decimal `json:"amount" contract:"decimal(18,2),example=19.99"`
	// PlacedAt is when the order was placed (UTC).
	PlacedAt time.Time `json:"placed_at" contract:"example=2026-07-15T11:50:00Z"`
	// PaidAt is when the payment was made (UTC).
	PaidAt time.Time `json:"paid_at" contract:"example=2026-07-15T11:55:00Z"`
}
