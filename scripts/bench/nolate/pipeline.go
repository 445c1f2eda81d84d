// Package nolate is the order-streaming example's pipeline without its late
// output, for the Spark bench (scripts/bench/run.sh, program gen_nolate): the
// same source, contract, aggregation, quarantine and gate as
// examples/order-streaming, no late_order_events load. Compiled against the
// example's Spark profile with the late_order_events asset removed, it
// measures the price of the pipeline's other features against a plain
// program without a late table (orders_plain_nolate.py).
package nolate

import (
	"github.com/etlgen/etlgen/framework/etl"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is customer-order-streaming of examples/order-streaming without
// the load of its late events.
var Pipeline = etl.NewPipeline("customer-order-streaming", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	windows := orderstreaming.AggregateCustomerOrders.Step(p, orders.Valid(), orderstreaming.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
	etl.Gate(p, "order-events-invalid-ratio", etl.InvalidRatioAbove("order_events", 0.05), etl.Warn)
}, etl.Describe("Paid orders per customer and event-time window, with a quarantine output (no late output)."))
