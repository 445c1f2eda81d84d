// Package gatesquarantine is the order-streaming pipeline with a
// quarantine gate per event-time window: the rows of a window with fewer
// than 2 customers go to sparse_order_windows instead of the windows table;
// a per-window gate that warns besides it.
package gatesquarantine

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the gated pipeline.
var Pipeline = etl.NewPipeline("quarantine-gated-order-streaming", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	windows := orders.AggregateCustomerOrders.Step(p, events.Valid(), orders.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
	etl.Load(p, "late_order_events", etl.Into[orders.LateOrderEvent](events.Late()))
	etl.Gate(p, "customers-per-window", etl.RowsBelow("customer_order_windows", 2), etl.Quarantine,
		etl.PerWindow(), etl.QuarantineTo("sparse_order_windows"))
	etl.Gate(p, "window-times", etl.NullRatioAbove("customer_order_windows", "latest_event_time", 0.5), etl.Warn, etl.PerWindow())
})
