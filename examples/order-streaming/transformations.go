package orderstreaming

import "github.com/etlgen/etlgen/framework/etl"

// AggregateParams are the event-time parameters of AggregateCustomerOrders.
// Zero fields take their defaults.
type AggregateParams struct {
	// WatermarkDelay is how late an event may arrive and still count.
	WatermarkDelay etl.Duration `param:"watermark_delay" default:"15m" validate:"gte=0" desc:"allowed lateness of order events"`
	// WindowDuration is the size of the tumbling event-time window.
	WindowDuration etl.Duration `param:"window_duration" default:"1h" validate:"gt=0" desc:"size of the tumbling event-time window"`
}

// AggregateCustomerOrders sums the paid orders of each customer per
// event-time window: filter paid orders, watermark event_time, group by
// customer and tumbling window, count, sum and max.
var AggregateCustomerOrders = etl.Transform("aggregate-customer-orders",
	func(orders etl.Stream[OrderEvent], p AggregateParams) etl.Stream[CustomerOrderWindow] {
		o, w := OrderEventCols, CustomerOrderWindowCols
		window := etl.TumblingWindow(o.EventTime, p.WindowDuration)
		return etl.Into[CustomerOrderWindow](orders.
			Where(o.Status.Eq("paid")).
			WithWatermark(o.EventTime, p.WatermarkDelay).
			GroupBy(o.CustomerID, window).
			Agg(etl.Count(o.OrderID).As(w.PaidOrderCount),
				etl.Sum(o.OrderTotal).As(w.PaidOrderTotal),
				etl.Max(o.EventTime).As(w.LatestEventTime)))
	},
	etl.WithInputs("orders"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Paid-order count, total and latest event time per customer and event-time window."))
