// Package bench500 is the planner benchmark's large pipeline: 499 filter
// steps chained on the order stream, then the example's windowed
// aggregation — 500 steps, each a real DSL step with its own plan.
package bench500

import (
	"fmt"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
)

// Steps is the number of steps of Pipeline.
const Steps = 500

// FilterParams parameterise a filter step.
type FilterParams struct {
	// MinOrderID is the smallest order id kept.
	MinOrderID int64 `param:"min_order_id" default:"0"`
}

// KeepOrders keeps orders with an id of at least MinOrderID.
var KeepOrders = etl.Transform("keep-orders",
	func(orders etl.Stream[orderstreaming.OrderEvent], p FilterParams) etl.Stream[orderstreaming.OrderEvent] {
		return orders.Where(orderstreaming.OrderEventCols.OrderID.Ge(p.MinOrderID))
	}, etl.WithInputs("orders"), etl.WithVersion("1.0.0"))

// Pipeline chains Steps-1 filters and the example's aggregation.
var Pipeline = etl.NewPipeline("bench-500", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	s := orders.Valid()
	for i := 0; i < Steps-1; i++ {
		s = KeepOrders.Step(p, s, FilterParams{MinOrderID: int64(i)})
	}
	windows := orderstreaming.AggregateCustomerOrders.Step(p, s, orderstreaming.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
	etl.Load(p, "late_order_events", etl.Into[orderstreaming.LateOrderEvent](orders.Late()))
}, etl.Describe(fmt.Sprintf("%d steps, for the validate benchmark.", Steps)))
