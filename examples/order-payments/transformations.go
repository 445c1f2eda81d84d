package orderpayments

import "github.com/etlgen/etlgen/framework/etl"

// DedupParams are the parameters of DedupPayments.
type DedupParams struct {
	WatermarkDelay etl.Duration `param:"watermark_delay" default:"10m" validate:"gte=0" desc:"how long a payment id is remembered after its event time"`
}

// DedupPayments drops repeated payment ids within the watermark delay
// (Spark's dropDuplicatesWithinWatermark).
var DedupPayments = etl.Transform("dedup-payments",
	func(payments etl.Stream[Payment], p DedupParams) etl.Stream[Payment] {
		c := PaymentCols
		return payments.WithWatermark(c.PaidAt, p.WatermarkDelay).DropDuplicatesWithinWatermark(c.PaymentID)
	},
	etl.WithInputs("payments"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Drops payments whose id was seen within the watermark delay."))

// MatchParams are the parameters of MatchPayments.
type MatchParams struct {
	WatermarkDelay etl.Duration `param:"watermark_delay" default:"10m" validate:"gte=0" desc:"allowed lateness of orders and payments"`
	PaymentWindow  etl.Duration `param:"payment_window" default:"1h" validate:"gt=0" desc:"how long after the order a payment may be made"`
}

// MatchPayments joins orders with the payments made within PaymentWindow of
// them (stream–stream inner join on order_id and an event-time range).
var MatchPayments = etl.Transform2("match-order-payments",
	func(orders etl.Stream[Order], payments etl.Stream[Payment], p MatchParams) etl.Stream[PaidOrder] {
		o, c := OrderCols, PaymentCols
		return etl.Into[PaidOrder](orders.WithWatermark(o.PlacedAt, p.WatermarkDelay).
			Join(payments.WithWatermark(c.PaidAt, p.WatermarkDelay), etl.Inner,
				etl.On(o.OrderID, c.OrderID),
				etl.Within(o.PlacedAt, c.PaidAt, etl.DurationOf(0), p.PaymentWindow)).
			Select(o.OrderID, o.CustomerID, o.OrderTotal, c.PaymentID, c.Amount, o.PlacedAt, c.PaidAt))
	},
	etl.WithInputs("orders", "payments"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Orders matched with the payments made within the payment window."))
