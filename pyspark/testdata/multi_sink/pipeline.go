// Package multisink is the order-streaming pipeline writing each of two
// streams to two sinks: the windows MERGEd into a Delta table and produced
// to a Kafka topic, the rejected events appended to the quarantine table
// and to an audit table. The planner gives each stream one query
// (planner.Query.Hosted): one read and validation of the source, one
// aggregation state, one foreachBatch writing both sinks.
package multisink

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the multi-sink pipeline.
var Pipeline = etl.NewPipeline("multi-sink-order-streaming", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	windows := orders.AggregateCustomerOrders.Step(p, events.Valid(), orders.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "customer_order_window_feed", windows)
	rejected := etl.Into[orders.RejectedOrderEvent](events.Invalid())
	etl.Load(p, "rejected_order_events", rejected)
	etl.Load(p, "rejected_order_audit", rejected)
	etl.Load(p, "late_order_events", etl.Into[orders.LateOrderEvent](events.Late()))
})
