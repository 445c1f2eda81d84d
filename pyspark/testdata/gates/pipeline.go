// Package gates is the order-streaming pipeline with one quality gate of
// each metric: the invalid ratio of the source (warn), the rows a batch
// writes to the windows (fail) and the null ratio of the rejected rows'
// event id (warn).
package gates

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the gated pipeline.
var Pipeline = etl.NewPipeline("gated-order-streaming", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	windows := orders.AggregateCustomerOrders.Step(p, events.Valid(), orders.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
	etl.Load(p, "late_order_events", etl.Into[orders.LateOrderEvent](events.Late()))
	etl.Gate(p, "order-events-invalid", etl.InvalidRatioAbove("order_events", 0.05), etl.Warn)
	etl.Gate(p, "windows-written", etl.RowsBelow("customer_order_windows", 1), etl.Fail)
	etl.Gate(p, "rejects-have-ids", etl.NullRatioAbove("rejected_order_events", "event_id", 0.5), etl.Warn)
})
