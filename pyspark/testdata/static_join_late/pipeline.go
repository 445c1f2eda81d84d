package staticjoinlate

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// PaidOrders keeps the paid order events: a stateless step upstream of the
// windows, recomputed over a re-read batch for late rows.
var PaidOrders = etl.Transform("paid-orders",
	func(in etl.Stream[orders.OrderEvent], _ etl.NoParams) etl.Stream[orders.OrderEvent] {
		return in.Where(orders.OrderEventCols.Status.Eq("paid"))
	},
	etl.WithInputs("orders"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("The paid order events."))

// SegmentWindows joins paid orders with the static customer table and sums
// them per segment and tumbling hour of event time, 15 minutes of lateness
// allowed.
var SegmentWindows = etl.TransformStatic("segment-windows",
	func(in etl.Stream[orders.OrderEvent], customers etl.Static[Customer], _ etl.NoParams) etl.Stream[SegmentWindow] {
		o, c, s, w := orders.OrderEventCols, CustomerCols, SegmentOrderCols, SegmentWindowCols
		enriched := in.WithWatermark(o.EventTime, etl.ParseDuration("15m")).
			Join(customers, etl.Left, etl.On(o.CustomerID, c.CustomerID)).
			WithColumn(etl.Coalesce[string](c.Segment, etl.Lit("unknown")).As(s.Segment))
		return etl.Into[SegmentWindow](enriched.
			GroupBy(s.Segment, etl.TumblingWindow(o.EventTime, etl.ParseDuration("1h"))).
			Agg(etl.Count(o.OrderID).As(w.OrderCount), etl.Sum(o.OrderTotal).As(w.OrderTotal)))
	},
	etl.WithInputs("orders", "customers"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Paid-order count and total per customer segment and event-time window."))

// Pipeline loads the segment windows, the rejected payloads and the late
// events with their segment.
var Pipeline = etl.NewPipeline("segment-order-streaming", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	customers := etl.ExtractStatic[Customer](p, "customers")
	windows := SegmentWindows.Step(p, PaidOrders.Step(p, events.Valid(), etl.NoParams{}), customers, etl.NoParams{})
	etl.Load(p, "segment_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
	etl.Load(p, "late_orders", etl.Into[LateSegmentOrder](windows.Late()))
}, etl.Describe("Paid orders per customer segment and event-time window, with quarantine and late outputs next to a static table."))
