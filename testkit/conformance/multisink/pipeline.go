// Package multisink is the conformance suite's multi-sink pipeline: the
// order-streaming windows loaded into two tables and the rejected events
// into two, so that the planner gives each stream one query writing both
// sinks (planner.Query.Hosted) on both engines.
package multisink

import (
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
)

// Pipeline loads each of two streams twice.
var Pipeline = etl.NewPipeline("multi-sink", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	windows := orderstreaming.AggregateCustomerOrders.Step(p, orders.Valid(), orderstreaming.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "customer_order_windows_copy", windows)
	rejected := etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid())
	etl.Load(p, "rejected_order_events", rejected)
	etl.Load(p, "rejected_order_audit", rejected)
}, etl.Describe("Two streams, each loaded into two sinks by one query."))
