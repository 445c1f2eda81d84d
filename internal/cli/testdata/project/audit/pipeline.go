// Package audit is a pipeline of the project fixture: every invalid order
// event to an audit sink.
package audit

import (
	"github.com/etlgen/etlgen/framework/etl"

	ex "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline keeps the invalid order events.
var Pipeline = etl.NewPipeline("fixture-audit", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[ex.OrderEvent](p, "order_events")
	etl.Load(p, "audited_orders", etl.Into[ex.RejectedOrderEvent](events.Invalid()))
})
