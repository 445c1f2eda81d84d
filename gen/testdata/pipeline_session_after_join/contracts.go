// Package sessionafterjoin is the gen golden case of a two-step pipeline:
// a stateless step joins order events with a static customer table, a
// second step groups the enriched events into event-time session windows.
// The output mode belongs to the session step (it runs the stateful
// operator), never to the join step. ir.json is its IR (`etlgen ir`,
// checked by TestCaseIRs; rewrite it with -update).
package sessionafterjoin

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// Customer is one row of the customer dimension, a static Delta table.
// +etl:contract id=session-customer version=1.0.0 owner=etlgen-tests domain=tests status=active freshness=1d retention=365d support=mailto:customers@example.com contact=customers-team@example.com
type Customer struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"pk=1"`
	// Segment is the customer's market segment.
	Segment *string `json:"segment"`
}

// SegmentOrder is a paid order event with its customer's segment
// ("unknown" for a customer the dimension does not know).
// +etl:contract id=session-segment-order version=1.0.0 owner=etlgen-tests domain=tests status=active
type SegmentOrder struct {
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
	EventTime time.Time `json:"event_time" contract:"eventtime"`
	// Segment is the customer's segment.
	Segment string `json:"segment"`
}

// CustomerSession is one session of a customer's orders: events separated
// by less than the session gap of event time.
// +etl:contract id=customer-session version=1.0.0 owner=etlgen-tests domain=tests status=active freshness=45m retention=30d support=https://chat.example.com/sessions contact=sessions-team
type CustomerSession struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" contract:"pk=1"`
	// Segment is the customer's segment.
	Segment string `json:"segment"`
	// WindowStart is the event time of the session's first order.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the last order's event time plus the session gap.
	WindowEnd time.Time `json:"window_end"`
	// OrderCount is the number of orders in the session.
	OrderCount int64 `json:"order_count"`
	// OrderTotal is the sum of their totals.
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(28,2)"`
}
