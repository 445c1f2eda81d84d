// Package membench is BenchmarkLocalBatchMemory's own pipeline: the order
// events of the order-streaming example, stateless, the valid ones copied
// to a sink and the rejected ones quarantined, so that the memory of a
// batch is that of its input alone (no state).
package membench

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// Pipeline copies valid order events and quarantines the rest.
var Pipeline = etl.NewPipeline("order-copy", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	etl.Load(p, "order_copy", events.Valid())
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
}, etl.Describe("Valid order events copied, rejected ones quarantined (the memory benchmark's stateless pipeline)."))
