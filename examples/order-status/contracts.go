// Package orderstatus is the conformance example of MinBy and MaxBy: per
// customer and event-time hour, the status and order id of the earliest and
// the latest order event (Spark's min_by and max_by by event time), in
// append mode once the watermark closes the hour. The two-engine
// conformance suite (testkit/conformance) runs it on the local engine and,
// through the generated PySpark program, on Spark.
package orderstatus

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import "time"

// CustomerStatusWindow is the first and the latest order event of one
// customer in one event-time hour.
// +etl:contract id=customer-status-window version=1.0.0 owner=orders-team domain=orders status=active
type CustomerStatusWindow struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" contract:"pk=1,example=42"`
	// WindowStart is the inclusive start of the event-time hour.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the exclusive end of the event-time hour.
	WindowEnd time.Time `json:"window_end" contract:"pk=3"`
	// FirstStatus is the status of the customer's earliest event in the hour.
	FirstStatus *string `json:"first_status" contract:"example=paid"`
	// LatestStatus is the status of the customer's latest event in the hour.
	LatestStatus *string `json:"latest_status" contract:"example=refunded"`
	// LatestOrderID is the order of the customer's latest event in the hour.
	LatestOrderID *int64 `json:"latest_order_id" contract:"example=1001"`
	// Events is the number of order events in the hour.
	Events int64 `json:"events"`
}
