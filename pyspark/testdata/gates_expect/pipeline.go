// Package gatesexpect is the order-streaming pipeline with gates on its
// expectations' counts: a warning per micro-batch on the valid orders'
// recent expectation (observed in the pass), a failing gate over the last
// 5 micro-batches on the orders positive_total drops (counted again over
// the batch's Kafka range before the commit), a warning on the
// windows' expectation (a step's output: observed only), and a warning
// over the last hour on the recent expectation (a sliding gate: counted
// again before the commit, as the rolling one).
package gatesexpect

import (
	"time"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the pipeline with gates on expectation counts.
var Pipeline = etl.NewPipeline("expect-gated-order-streaming", "1.0.0", func(p *etl.Builder) {
	o, w := orders.OrderEventCols, orders.CustomerOrderWindowCols
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	valid := events.Valid().
		ExpectOrDrop("positive_total", o.OrderTotal.Gt(decimal.Zero)).
		Expect("recent", o.EventTime.Ge(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)), etl.Warn)
	windows := orders.AggregateCustomerOrders.Step(p, valid, orders.AggregateParams{}).
		Expect("two_orders", w.PaidOrderCount.Ge(2), etl.Warn)
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
	etl.Gate(p, "old-orders", etl.ExpectationFailedRatioAbove("recent", 0.1), etl.Warn)
	etl.Gate(p, "free-orders", etl.ExpectationFailedAbove("positive_total", 10), etl.Fail, etl.OverLastBatches(5))
	etl.Gate(p, "thin-windows", etl.ExpectationFailedRatioAbove("two_orders", 0.5), etl.Warn)
	etl.Gate(p, "old-orders-last-hour", etl.ExpectationFailedRatioAbove("recent", 0.2), etl.Warn, etl.OverLast(time.Hour))
})
