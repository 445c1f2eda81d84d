// Package pipeline_expectations is the docs golden case of expectations
// (the pyspark golden case expectations): on the valid orders one that
// drops orders of no amount and one that warns about orders before 2020,
// on the windows one that fails a batch writing a window of no order.
package pipeline_expectations

import (
	"time"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the pipeline with expectations.
var Pipeline = etl.NewPipeline("expected-order-streaming", "1.0.0", func(p *etl.Builder) {
	o, w := orders.OrderEventCols, orders.CustomerOrderWindowCols
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	valid := events.Valid().
		ExpectOrDrop("positive_total", o.OrderTotal.Gt(decimal.Zero)).
		Expect("recent", o.EventTime.Ge(time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)), etl.Warn)
	windows := orders.AggregateCustomerOrders.Step(p, valid, orders.AggregateParams{}).
		ExpectOrFail("counted", w.PaidOrderCount.Ge(1))
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
})
