package dimension

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// OrderSegments joins the order events with the customer dimension.
var OrderSegments = etl.TransformStatic("dim-order-segments",
	func(in etl.Stream[orders.OrderEvent], customers etl.Static[Customer], _ etl.NoParams) etl.Stream[OrderSegment] {
		o, c, s := orders.OrderEventCols, CustomerCols, OrderSegmentCols
		return etl.Into[OrderSegment](in.Join(customers, etl.Left, etl.On(o.CustomerID, c.CustomerID)).
			WithColumn(etl.Coalesce[string](c.Segment, etl.Lit("unknown")).As(s.Segment)))
	},
	etl.WithInputs("orders", "customers"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Order events with their customer's segment."))

// Pipeline loads the order events with their segment.
var Pipeline = etl.NewPipeline("dim-order-segments", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	customers := etl.ExtractStatic[Customer](p, "customers")
	etl.Load(p, "order_segments", OrderSegments.Step(p, events.Valid(), customers, etl.NoParams{}))
}, etl.Describe("Order events joined with a static customer dimension."))
