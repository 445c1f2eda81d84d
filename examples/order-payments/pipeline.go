package orderpayments

import "github.com/etlgen/etlgen/framework/etl"

// Pipeline reads orders and payments: unique_payments gets each payment id
// once (de-duplicated within the watermark delay), paid_orders every order
// matched with a payment made within an hour of it.
var Pipeline = etl.NewPipeline("order-payments", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[Order](p, "orders")
	payments := etl.Extract[Payment](p, "payments")
	etl.Load(p, "unique_payments", DedupPayments.Step(p, payments.Valid(), DedupParams{}))
	etl.Load(p, "paid_orders", MatchPayments.Step(p, orders.Valid(), payments.Valid(), MatchParams{}))
}, etl.Describe("Payments de-duplicated by id, and orders joined with their payments (conformance example)."))
