// Package semijoin is a small stream–stream left semi join pipeline for the
// live test e2e/semijoin_test.go: the orders that get a payment within an
// hour of the order, each order once, from two Kafka topics into a Delta
// table, on the Spark engine and on the local engine.
package semijoin

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import "time"

// Order is one order as published on the orders topic.
// +etl:contract id=semi-order version=1.0.0 owner=etlgen-tests domain=tests status=active
type Order struct {
	// OrderID identifies the order.
	OrderID int64 `json:"order_id" validate:"gt=0" contract:"example=1"`
	// CustomerID identifies the customer who placed the order.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"example=42"`
	// EventTime is when the order was placed (UTC).
	EventTime time.Time `json:"event_time" contract:"eventtime,example=2026-07-15T10:00:00Z"`
}

// Payment is one payment as published on the payments topic.
// +etl:contract id=semi-payment version=1.0.0 owner=etlgen-tests domain=tests status=active
type Payment struct {
	// PaymentID identifies the payment.
	PaymentID string `json:"payment_id" validate:"required" contract:"example=p-1"`
	// PaidOrderID is the order the payment is for.
	PaidOrderID int64 `json:"paid_order_id" validate:"gt=0" contract:"example=1"`
	// PaidAt is when the payment was made (UTC).
	PaidAt time.Time `json:"paid_at" contract:"eventtime,example=2026-07-15T10:20:00Z"`
}
