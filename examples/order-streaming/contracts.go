// Package orderstreaming is the order-streaming example: paid order events from
// Kafka, validated against the OrderEvent contract, aggregated per customer and
// event-time window, merged into a Delta table, with invalid and late events
// routed to their own typed outputs.
package orderstreaming

//go:generate go run github.com/etlgen/etlgen/cmd/etlgen gen

import (
	"time"

	"github.com/shopspring/decimal"
)

// OrderEvent is one order event as published on the order-events topic.
// +etl:contract id=order-event version=1.0.0 owner=orders-team domain=sales status=active unknown_fields=allow retention=7d support=https://chat.example.com/orders-data contact=orders-team@example.com
type OrderEvent struct {
	// EventID is the producer's unique id of the event.
	EventID string `json:"event_id" validate:"required,max=64" contract:"example=evt-0001"`
	// OrderID identifies the order.
	OrderID int64 `json:"order_id" validate:"gt=0" contract:"example=1001"`
	// CustomerID identifies the customer who placed the order.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"classification=internal,example=42"`
	// OrderTotal is the order amount in the shop's currency.
	OrderTotal decimal.Decimal `json:"order_total" validate:"gte=0" contract:"decimal(18,2),example=19.99"`
	// Status is the payment status of the order.
	Status string `json:"status" validate:"oneof=paid cancelled refunded" contract:"example=paid"`
	// EventTime is when the order event happened at the producer (UTC).
	EventTime time.Time `json:"event_time" contract:"eventtime,example=2026-07-15T11:50:00Z"`
}

// RejectedOrderEvent is an order event payload that failed validation, kept
// with its raw payload and the reason.
// +etl:contract id=rejected-order-event version=1.0.0 owner=orders-team domain=sales status=active
type RejectedOrderEvent struct {
	// EventID is the event id when it could be read from the payload.
	EventID *string `json:"event_id"`
	// RawPayload is the payload exactly as received.
	RawPayload string `json:"raw_payload" contract:"classification=restricted"`
	// RawPayloadBase64 is the raw payload in standard base64 when it is not
	// valid UTF-8 (a string cannot carry its bytes), null otherwise.
	RawPayloadBase64 *string `json:"raw_payload_base64" contract:"classification=restricted"`
	// ReasonCode is the stable code of the first rule the payload broke.
	ReasonCode string `json:"reason_code"`
	// Reason explains the rejection in words.
	Reason string `json:"reason"`
	// FieldPath is the JSON path of the offending field, when there is one.
	FieldPath *string `json:"field_path"`
	// ObservedAt is when the pipeline saw the payload (UTC).
	ObservedAt time.Time `json:"observed_at"`
	// SourceTopic is the Kafka topic the payload was read from.
	SourceTopic *string `json:"source_topic"`
	// SourcePartition is the Kafka partition the payload was read from.
	SourcePartition *int32 `json:"source_partition"`
	// SourceOffset is the Kafka offset of the payload.
	SourceOffset *int64 `json:"source_offset"`
	// PipelineID is the id of the pipeline that rejected the payload.
	PipelineID string `json:"pipeline_id"`
	// ContractID is the id of the contract the payload was checked against.
	ContractID string `json:"contract_id"`
}

// CustomerOrderWindow is the paid-order summary of one customer in one
// event-time window.
// +etl:contract id=customer-order-window version=1.0.0 owner=orders-team domain=sales status=active freshness=2h retention=365d support=https://chat.example.com/orders-data contact=orders-team@example.com
type CustomerOrderWindow struct {
	// CustomerID identifies the customer.
	CustomerID int64 `json:"customer_id" validate:"gt=0" contract:"pk=1"`
	// WindowStart is the inclusive start of the event-time window.
	WindowStart time.Time `json:"window_start" contract:"pk=2"`
	// WindowEnd is the exclusive end of the event-time window.
	WindowEnd time.Time `json:"window_end" contract:"pk=3"`
	// PaidOrderCount is the number of paid orders in the window.
	PaidOrderCount int64 `json:"paid_order_count" validate:"gte=0"`
	// PaidOrderTotal is the sum of the paid order totals in the window.
	PaidOrderTotal decimal.Decimal `json:"paid_order_total" validate:"gte=0" contract:"decimal(28,2)"`
	// LatestEventTime is the latest event time seen in the window.
	LatestEventTime time.Time `json:"latest_event_time"`
}

// LateOrderEvent is a valid order event that arrived behind the watermark of
// the windowed aggregation: late data is data.
// +etl:contract id=late-order-event version=1.0.0 owner=orders-team domain=sales status=active
type LateOrderEvent struct {
	// Event is the late order event.
	Event OrderEvent `json:"event"`
	// WatermarkAtArrival is the watermark when the event arrived.
	WatermarkAtArrival time.Time `json:"watermark_at_arrival"`
	// ReasonCode says why the event is late, e.g. BEHIND_WATERMARK.
	ReasonCode string `json:"reason_code" validate:"required"`
}
