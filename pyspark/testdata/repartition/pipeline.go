// Package repartition is the pyspark golden case of Stream.Repartition:
// the conformance suite's repartition by the grouping key before a window
// aggregation (spark41.RepartitionedWindows, run live by
// e2e.TestConformance), which renders as
// .repartition(4, F.col("customer_id")) between the watermark and the
// groupBy. ir.json is its IR (`etlgen ir`, checked by TestCaseIRs; rewrite
// it with -update).
package repartition

import (
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit/conformance/spark41"
)

// Pipeline loads the paid orders per customer and hour, repartitioned by
// customer before the aggregation, and quarantines invalid events.
var Pipeline = etl.NewPipeline("repartitioned-windows", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	etl.Load(p, "customer_order_windows", spark41.RepartitionedWindows.Step(p, orders.Valid(), etl.NoParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
}, etl.Describe("Paid orders per customer and hour, repartitioned by customer first."))
