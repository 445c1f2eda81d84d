// Package dimension holds the pipeline of the conformance scenario with a
// static dimension: order events joined with a static customer table,
// which both engines read in full at every micro-batch and validate
// against its contract (a row that breaks it fails the batch on both, and
// the batch re-runs once the row is fixed). The conformance suite
// (package conformance) runs it on the local engine and, through the
// generated PySpark program, on Spark.
package dimension

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// Customer is a row of the customer dimension.
// +etl:contract id=dim-customer version=1.0.0 owner=etlgen-tests domain=tests status=active
type Customer struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"pk=1,example=7"`
	// Segment is the customer's market segment.
	Segment string `json:"segment" validate:"oneof=gold silver bronze" contract:"example=gold"`
}

// OrderSegment is an order event with its customer's segment ("unknown"
// for a customer the dimension does not know).
// +etl:contract id=dim-order-segment version=1.0.0 owner=etlgen-tests domain=tests status=active
type OrderSegment struct {
	// EventID is the producer's unique id of the event.
	EventID string `json:"event_id"`
	// OrderID identifies the order.
	OrderID int64 `json:"order_id"`
	// CustomerID identifies the customer who placed the order.
	CustomerID int64 `json:"customer_id"`
	// OrderTotal is the order amount.
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	// Status is the payment status of the order.
	Status string `json:"status"`
	// EventTime is when the order event happened at the producer (UTC).
	EventTime time.Time `json:"event_time"`
	// Segment is the customer's segment.
	Segment string `json:"segment"`
}
