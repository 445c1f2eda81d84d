// Package staticjoinlate is the pyspark golden and live case of a late
// output next to a static table: paid order events (a stateless step)
// joined with a static Delta customer table and aggregated per segment and
// event-time window; events behind the watermark are routed, with their
// segment, to a late table. ir.json is its IR (`etlgen ir`, checked by
// TestCaseIRs; rewrite it with -update).
package staticjoinlate

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// Customer is one row of the customer dimension, a static Delta table.
// +etl:contract id=segment-customer version=1.0.0 owner=etlgen-tests domain=tests status=active
type Customer struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"pk=1"`
	// Segment is the customer's market segment.
	Segment *string `json:"segment"`
}

// SegmentOrder is a paid order event with its customer's segment
// ("unknown" for a customer the dimension does not know).
// +etl:contract id=segment-order version=1.0.0 owner=etlgen-tests domain=tests status=active
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

// SegmentWindow is the paid-order summary of one segment in one event-time
// window.
// +etl:contract id=segment-window version=1.0.0 owner=etlgen-tests domain=tests status=active
type SegmentWindow struct {
	// Segment is the customers' segment.
	Segment string `json:"segment" contract:"pk=1"`
	// WindowStart is the inclusive start of the event-time window.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the exclusive end of the event-time window.
	WindowEnd time.Time `json:"window_end" contract:"pk=3"`
	// OrderCount is the number of paid orders in the window.
	OrderCount int64 `json:"order_count"`
	// OrderTotal is the sum of their totals.
	OrderTotal decimal.Decimal `json:"order_total" contract:"decimal(28,2)"`
}

// LateSegmentOrder is a paid order event that arrived behind the watermark
// of the segment windows, with its segment.
// +etl:contract id=late-segment-order version=1.0.0 owner=etlgen-tests domain=tests status=active
type LateSegmentOrder struct {
	// Event is the late order event with its segment.
	Event SegmentOrder `json:"event"`
	// WatermarkAtArrival is the watermark when the event arrived.
	WatermarkAtArrival time.Time `json:"watermark_at_arrival"`
	// ReasonCode says why the event is late, e.g. BEHIND_WATERMARK.
	ReasonCode string `json:"reason_code" validate:"required"`
}
