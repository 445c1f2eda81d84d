// Package orders is a pipeline of the project fixture: valid order events
// to one sink, invalid ones to another.
package orders

import (
	"github.com/etlgen/etlgen/framework/etl"

	ex "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline copies the valid order events and quarantines the others.
var Pipeline = etl.NewPipeline("fixture-orders", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[ex.OrderEvent](p, "order_events")
	etl.Load(p, "valid_orders", events.Valid())
	etl.Load(p, "rejected_orders", etl.Into[ex.RejectedOrderEvent](events.Invalid()))
})
