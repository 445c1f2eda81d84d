package semijoin

import "github.com/etlgen/etlgen/framework/etl"

// PaidOrders keeps the orders paid within an hour: a stream–stream left
// semi join (Spark 3.1+) with watermarks on both inputs and an event-time
// range, so that Spark can evict both sides' state. Each order is emitted
// once, when its first payment in range is seen.
var PaidOrders = etl.Transform2("paid-orders",
	func(orders etl.Stream[Order], payments etl.Stream[Payment], _ etl.NoParams) etl.Stream[Order] {
		o, p := OrderCols, PaymentCols
		return etl.Into[Order](orders.WithWatermark(o.EventTime, etl.ParseDuration("10m")).
			Join(payments.WithWatermark(p.PaidAt, etl.ParseDuration("10m")), etl.Semi,
				etl.On(o.OrderID, p.PaidOrderID),
				etl.Within(o.EventTime, p.PaidAt, etl.DurationOf(0), etl.ParseDuration("1h"))))
	},
	etl.WithInputs("orders", "payments"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Orders with a payment within an hour of the order, each once (left semi join)."))

// Pipeline reads orders and payments and loads the paid orders.
var Pipeline = etl.NewPipeline("semi-join-orders", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[Order](p, "orders")
	payments := etl.Extract[Payment](p, "payments")
	etl.Load(p, "paid_orders", PaidOrders.Step(p, orders.Valid(), payments.Valid(), etl.NoParams{}))
}, etl.Describe("Orders paid within an hour, by a stream–stream left semi join."))

// PaidOrdersRightWatermark is PaidOrders with a watermark on the payments
// only: Spark accepts it (a watermark on the right input and a range), but
// then drops no late orders and evicts neither side's state.
var PaidOrdersRightWatermark = etl.Transform2("paid-orders-right-watermark",
	func(orders etl.Stream[Order], payments etl.Stream[Payment], _ etl.NoParams) etl.Stream[Order] {
		o, p := OrderCols, PaymentCols
		return etl.Into[Order](orders.
			Join(payments.WithWatermark(p.PaidAt, etl.ParseDuration("10m")), etl.Semi,
				etl.On(o.OrderID, p.PaidOrderID),
				etl.Within(o.EventTime, p.PaidAt, etl.DurationOf(0), etl.ParseDuration("1h"))))
	},
	etl.WithInputs("orders", "payments"),
	etl.WithVersion("1.0.0"),
	etl.WithDescription("Orders with a payment within an hour of the order, each once; watermark on payments only."))

// PipelineRightWatermark is Pipeline with PaidOrdersRightWatermark.
var PipelineRightWatermark = etl.NewPipeline("semi-join-orders-rw", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[Order](p, "orders_rw")
	payments := etl.Extract[Payment](p, "payments_rw")
	etl.Load(p, "paid_orders_rw", PaidOrdersRightWatermark.Step(p, orders.Valid(), payments.Valid(), etl.NoParams{}))
}, etl.Describe("Orders paid within an hour, by a semi join with a watermark on the payments only."))
