// Package broken is a pipeline package that does not compile: `etlgen
// validate` must report the compiler's error at its position as ETL-D200
// (exit 10, an invalid model), not as a broken environment.
package broken

import (
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
)

// Pipeline refers to a column the generated accessors do not have.
var Pipeline = etl.NewPipeline("broken", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	_ = orderstreaming.OrderEventCols.Stauts
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
})
