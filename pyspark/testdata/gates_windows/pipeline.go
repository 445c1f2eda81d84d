// Package gateswindows is the order-streaming pipeline with quality gates
// per event-time window of the windows query (written in append mode): the
// customers of a window (fail below 2) and the null ratio of a window's
// latest event time (warn above 0.5).
package gateswindows

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the gated pipeline.
var Pipeline = etl.NewPipeline("window-gated-order-streaming", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	windows := orders.AggregateCustomerOrders.Step(p, events.Valid(), orders.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
	etl.Load(p, "late_order_events", etl.Into[orders.LateOrderEvent](events.Late()))
	etl.Gate(p, "customers-per-window", etl.RowsBelow("customer_order_windows", 2), etl.Fail, etl.PerWindow())
	etl.Gate(p, "window-times", etl.NullRatioAbove("customer_order_windows", "latest_event_time", 0.5), etl.Warn, etl.PerWindow())
})
