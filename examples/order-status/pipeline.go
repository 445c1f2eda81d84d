package orderstatus

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline reads the order events and loads, per customer and hour, the
// first and the latest status (customer_status_windows); invalid events go
// to rejected_order_events.
var Pipeline = etl.NewPipeline("customer-status", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	etl.Load(p, "customer_status_windows", StatusWindows.Step(p, events.Valid(), StatusParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
}, etl.Describe("The first and the latest order status per customer and hour, by event time (conformance example of MinBy and MaxBy)."))
