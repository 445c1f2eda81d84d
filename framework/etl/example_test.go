package etl_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/shopspring/decimal"
)

// AggregateParams are the parameters of AggregateCustomerOrders.
type AggregateParams struct {
	WatermarkDelay etl.Duration `param:"watermark_delay" default:"15m" validate:"gte=0"`
	WindowDuration etl.Duration `param:"window_duration" default:"1h" validate:"gt=0"`
}

// AggregateCustomerOrders sums paid orders per customer and hour.
var AggregateCustomerOrders = etl.Transform("aggregate-customer-orders",
	func(orders etl.Stream[OrderEvent], p AggregateParams) etl.Stream[CustomerOrderWindow] {
		o, w := OrderEventCols, CustomerOrderWindowCols
		return etl.Into[CustomerOrderWindow](orders.
			Where(o.Status.Eq("paid")).
			WithWatermark(o.EventTime, p.WatermarkDelay).
			GroupBy(o.CustomerID, etl.TumblingWindow(o.EventTime, p.WindowDuration)).
			Agg(etl.Count(o.OrderID).As(w.PaidOrderCount),
				etl.Sum(o.OrderTotal).As(w.PaidOrderTotal),
				etl.Max(o.EventTime).As(w.LatestEventTime)))
	}, etl.WithInputs("orders"), etl.WithVersion("1.0.0"))

// CustomerOrderStreaming is the seed's pipeline.
var CustomerOrderStreaming = etl.NewPipeline("customer-order-streaming", "1.0.0", func(p *etl.Builder) {
	orders := etl.Extract[OrderEvent](p, "order_events")
	windows := AggregateCustomerOrders.Step(p, orders.Valid(), AggregateParams{WindowDuration: etl.ParseDuration("30 minutes")})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "rejected_order_events", etl.Into[RejectedEvent](orders.Invalid()))
	etl.Load(p, "late_order_events", etl.Into[LateEvent](orders.Late()))
})

// Example shows a transformation and a pipeline, and the IR they produce:
// the step's plan is built with its own parameters, defaults filling the rest.
func Example() {
	doc := etl.DocumentOf(CustomerOrderStreaming)
	step := doc.Pipelines[0].Steps[0]
	fmt.Println(step.ID, step.Params)
	for n := step.Plan; n != nil; n = first(n.Inputs) {
		fmt.Println(n.Op)
	}
	fmt.Println(len(doc.Diagnostics), "diagnostics")
	b, _ := ir.Marshal(doc)
	_ = os.WriteFile(os.DevNull, b, 0o600)
	// Output:
	// aggregate-customer-orders [{watermark_delay 15m0s true} {window_duration 30m0s false}]
	// into
	// aggregate
	// watermark
	// filter
	// input
	// 0 diagnostics
}

func first(ns []*ir.Node) *ir.Node {
	if len(ns) == 0 {
		return nil
	}
	return ns[0]
}

// CleanOrders shows expressions: CASE WHEN, string and time functions,
// arithmetic and a cast, with the types checked by the Go compiler.
var CleanOrders = etl.Transform("clean-orders",
	func(in etl.Stream[OrderEvent], _ etl.NoParams) etl.Stream[Row] {
		big := etl.When(etl.Gt(o.OrderTotal, etl.Lit(decimal.NewFromInt(100))), etl.Lit("big")).Else(etl.Lit("small"))
		return etl.Into[Row](in.
			Where(etl.And(o.Status.Ne("cancelled"), o.CustomerID.Gt(0))).
			WithColumn(
				etl.Upper(etl.Trim(o.Status)).As(o.Status),
				big.Named("size"),
				etl.Hour(o.EventTime).Named("hour"),
				etl.Add(o.OrderID, etl.Lit[int64](1)).Named("next_order_id"),
				etl.Cast[string](o.CustomerID).Named("customer_key")))
	})

// Example_expressions prints the columns a WithColumn adds.
func Example_expressions() {
	doc := etl.DocumentOf(etl.NewPipeline("clean", "1", func(p *etl.Builder) {
		etl.Load(p, "clean", CleanOrders.Step(p, etl.Extract[OrderEvent](p, "orders").Valid(), etl.NoParams{}))
	}))
	with := doc.Pipelines[0].Steps[0].Plan.Inputs[0]
	for _, c := range with.Columns {
		fmt.Println(strings.TrimSpace(fmt.Sprint(c.Name, " ", c.Expr.Kind, " ", c.Expr.Name)))
	}
	// Output:
	// status call upper
	// size case
	// hour call hour
	// next_order_id call +
	// customer_key cast
}
