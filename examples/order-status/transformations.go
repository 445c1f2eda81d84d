package orderstatus

import (
	"github.com/etlgen/etlgen/framework/etl"

	orders "github.com/etlgen/etlgen/examples/order-streaming"
)

// StatusParams are the parameters of StatusWindows.
type StatusParams struct {
	WatermarkDelay etl.Duration `param:"watermark_delay" default:"10m" validate:"gte=0" desc:"allowed lateness of order events"`
	WindowDuration etl.Duration `param:"window_duration" default:"1h" validate:"gt=0" desc:"length of the event-time windows"`
}

// StatusWindows keeps, per customer and tumbling window of event time, the
// status of the earliest event (MinBy) and the status and order of the
// latest one (MaxBy).
var StatusWindows = etl.Transform("customer-status-windows",
	func(events etl.Stream[orders.OrderEvent], p StatusParams) etl.Stream[CustomerStatusWindow] {
		o, w := orders.OrderEventCols, CustomerStatusWindowCols
		return etl.Into[CustomerStatusWindow](events.
			WithWatermark(o.EventTime, p.WatermarkDelay).
			GroupBy(o.CustomerID, etl.TumblingWindow(o.EventTime, p.WindowDuration)).
			Agg(etl.MinBy(o.Status, o.EventTime).As(w.FirstStatus),
				etl.MaxBy(o.Status, o.EventTime).As(w.LatestStatus),
				etl.MaxBy(o.OrderID, o.EventTime).As(w.LatestOrderID),
				etl.Count(o.EventID).As(w.Events)))
	},
	etl.WithInputs("events"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("The first and the latest status of each customer's orders per event-time window."))
