// Package pipeline_gates is the docs golden case of quality gates of
// each scope: an invalid ratio per micro-batch, over the last 10
// micro-batches and over a sliding hour, and an expectation's failed ratio
// over the last 15 minutes.
package pipeline_gates

import (
	"time"

	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline is the order-streaming pipeline with gates of each scope.
var Pipeline = etl.NewPipeline("gated-order-streaming", "1.0.0", func(p *etl.Builder) {
	o := orders.OrderEventCols
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	valid := events.Valid().Expect("known_status", o.Status.Ne("unknown"), etl.Warn)
	etl.Load(p, "customer_order_windows", orders.AggregateCustomerOrders.Step(p, valid, orders.AggregateParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
	etl.Gate(p, "invalid-per-batch", etl.InvalidRatioAbove("order_events", 0.05), etl.Warn)
	etl.Gate(p, "invalid-last-10", etl.InvalidRatioAbove("order_events", 0.02), etl.Fail, etl.OverLastBatches(10))
	etl.Gate(p, "invalid-last-hour", etl.InvalidRatioAbove("order_events", 0.02), etl.Warn, etl.OverLast(time.Hour))
	etl.Gate(p, "unknown-last-15m", etl.ExpectationFailedRatioAbove("known_status", 0.1), etl.Fail, etl.OverLast(15*time.Minute))
})
