package orderstreaming

import "github.com/etlgen/etlgen/framework/etl"

// Pipeline is the customer-order-streaming pipeline of seed 003: order events
// are validated against OrderEvent; valid ones are aggregated per customer
// and window into customer_order_windows; rejected payloads go to
// rejected_order_events and events behind the aggregation's watermark to
// late_order_events. A quality gate warns when more than 5% of the events
// a micro-batch reads break the contract.
var Pipeline = etl.NewPipeline("customer-order-streaming", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[OrderEvent](p, "order_events")
	windows := AggregateCustomerOrders.Step(p, orders.Valid(), AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[RejectedOrderEvent](orders.Invalid()))
	etl.Load(p, "late_order_events", etl.Into[LateOrderEvent](orders.Late()))
	etl.Gate(p, "order-events-invalid-ratio", etl.InvalidRatioAbove("order_events", 0.05), etl.Warn)
}, etl.Describe("Paid orders per customer and event-time window, with quarantine and late-event outputs."))
