package sessionafterjoin

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// EnrichOrders declares the event-time watermark and joins order events
// with the static customer table: a stateless step (a stream-static join
// keeps no state).
var EnrichOrders = etl.TransformStatic("enrich-orders",
	func(in etl.Stream[orders.OrderEvent], customers etl.Static[Customer], _ etl.NoParams) etl.Stream[SegmentOrder] {
		o, c, s := orders.OrderEventCols, CustomerCols, SegmentOrderCols
		return etl.Into[SegmentOrder](in.
			WithWatermark(o.EventTime, etl.ParseDuration("15m")).
			Join(customers, etl.Left, etl.On(o.CustomerID, c.CustomerID)).
			WithColumn(etl.Coalesce[string](c.Segment, etl.Lit("unknown")).As(s.Segment)))
	},
	etl.WithInputs("orders", "customers"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Order events with their customer's segment."))

// SessionParams are the session step's event-time settings.
type SessionParams struct {
	SessionGap etl.Duration `param:"session_gap" default:"30m"`
}

// CustomerSessions groups the enriched events per customer into event-time
// session windows: the stateful step, in append mode.
var CustomerSessions = etl.Transform("customer-sessions",
	func(in etl.Stream[SegmentOrder], p SessionParams) etl.Stream[CustomerSession] {
		s, w := SegmentOrderCols, CustomerSessionCols
		return etl.Into[CustomerSession](in.
			GroupBy(s.CustomerID, s.Segment, etl.SessionWindow(s.EventTime, p.SessionGap)).
			Agg(etl.Count(s.OrderID).As(w.OrderCount), etl.Sum(s.OrderTotal).As(w.OrderTotal)))
	},
	etl.WithInputs("orders"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Order count and total per customer session of event time."))

// Pipeline enriches order events with the customer's segment, then loads
// one row per closed customer session; rejected payloads go to quarantine.
var Pipeline = etl.NewPipeline("customer-sessions", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orders.OrderEvent](p, "order_events")
	customers := etl.ExtractStatic[Customer](p, "customers")
	enriched := EnrichOrders.Step(p, events.Valid(), customers, etl.NoParams{})
	etl.Load(p, "customer_sessions", CustomerSessions.Step(p, enriched, SessionParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orders.RejectedOrderEvent](events.Invalid()))
}, etl.Describe("Customer sessions of event time, enriched with the customer's segment from a static table."))
