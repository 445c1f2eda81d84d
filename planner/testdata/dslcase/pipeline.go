// Package dslcase is a corpus case written with the real DSL: a pipeline
// whose transformation sorts a stream, counts distinct customers and
// deduplicates without event time. `etlgen validate` must report each
// problem at the line below that made it (see internal/cli's golden).
package dslcase

import (
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
)

// LatestPaid keeps paid orders, deduplicated by event id, newest first.
var LatestPaid = etl.Transform("latest-paid",
	func(orders etl.Stream[orderstreaming.OrderEvent], _ etl.NoParams) etl.Stream[orderstreaming.OrderEvent] {
		o := orderstreaming.OrderEventCols
		return orders.
			Where(o.Status.Eq("paid")).
			DropDuplicates(o.EventID).
			Sort(o.EventTime.Desc()).
			Limit(1000)
	}, etl.WithInputs("orders"), etl.WithVersion("1.0.0"))

// Pipeline loads the latest paid orders next to the example's windows.
var Pipeline = etl.NewPipeline("latest-paid-orders", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	etl.Load(p, "paid_orders", LatestPaid.Step(p, orders.Valid(), etl.NoParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
})
