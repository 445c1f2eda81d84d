package testkit_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/contracts"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/testkit"
)

// QuarantinedOrder is an order event an expectation quarantined, with
// the reason columns.
type QuarantinedOrder struct {
	EventID     string          `json:"event_id"`
	OrderID     int64           `json:"order_id"`
	CustomerID  int64           `json:"customer_id"`
	OrderTotal  decimal.Decimal `json:"order_total" contract:"decimal(18,2)"`
	Status      string          `json:"status"`
	EventTime   time.Time       `json:"event_time"`
	Expectation string          `json:"expectation"`
	PipelineID  string          `json:"pipeline_id"`
	ObservedAt  time.Time       `json:"observed_at"`
}

func init() {
	c, err := contracts.FromType(reflect.TypeFor[QuarantinedOrder]())
	if err != nil {
		panic(err)
	}
	contracts.MustRegister(reflect.TypeFor[QuarantinedOrder](), c)
}

// quarantiningOrders drops the orders of customer 9, and quarantines the
// orders of 5 or less and the 2nd and later orders of a customer in a
// micro-batch.
var quarantiningOrders = etl.NewPipeline("quarantining-orders", "1.0.0", func(p *etl.Builder) {
	o := orderstreaming.OrderEventCols
	orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	valid := orders.Valid().
		ExpectOrDrop("not_nine", o.CustomerID.Ne(9)).
		ExpectOrQuarantine("big_enough", o.OrderTotal.Gt(decimal.RequireFromString("5"))).
		ExpectUnique("one_per_customer", etl.Quarantine, o.CustomerID)
	etl.Load(p, "customer_order_windows", orderstreaming.AggregateCustomerOrders.Step(p, valid, orderstreaming.AggregateParams{}))
	etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
	etl.Load(p, "quarantined_orders", etl.Into[QuarantinedOrder](valid.Quarantined()))
})

// TestExpectationQuarantine: a row an expectation with action quarantine
// breaks leaves the stream and is written to its Quarantined() load with
// the first such expectation's name, the pipeline id and the batch's
// timestamp; the query reading the stream counts it, the quarantine query
// counts nothing; a row an earlier drop removed is not quarantined.
func TestExpectationQuarantine(t *testing.T) {
	now := time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)
	rt := testkit.Start(t, quarantiningOrders, testkit.ProcessingTime(now))
	rt.AddRawPayloads("order_events", orderPayload(1, 1, "10.00"), orderPayload(2, 1, "1.00"), orderPayload(3, 2, "20.00"),
		orderPayload(4, 2, "30.00"), orderPayload(5, 9, "50.00"))
	rt.ProcessAllAvailable()
	rt.AdvanceWatermark(closed)
	rt.ProcessAllAvailable()

	got := testkit.Table[QuarantinedOrder](rt, "quarantined_orders").Rows()
	at := time.Date(2026, 7, 15, 11, 0, 0, 0, time.UTC)
	want := []QuarantinedOrder{
		{EventID: "e2", OrderID: 2, CustomerID: 1, OrderTotal: decimal.RequireFromString("1"), Status: "paid", EventTime: at,
			Expectation: "big_enough", PipelineID: "quarantining-orders", ObservedAt: now},
		{EventID: "e4", OrderID: 4, CustomerID: 2, OrderTotal: decimal.RequireFromString("30"), Status: "paid", EventTime: at,
			Expectation: "one_per_customer", PipelineID: "quarantining-orders", ObservedAt: now},
	}
	testkit.RowsEqual(t, got, want)

	var paid int64
	for _, w := range testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows() {
		paid += w.PaidOrderCount
	}
	if paid != 2 {
		t.Errorf("the windows count %d paid orders, want 2 (orders 1 and 3)", paid)
	}
	wantCounts := []localengine.ExpectationResult{
		{Name: "not_nine", Action: "drop", Passed: 4, Failed: 1},
		{Name: "big_enough", Action: "quarantine", Passed: 3, Failed: 1},
		{Name: "one_per_customer", Action: "quarantine", Passed: 2, Failed: 1},
	}
	counted := 0
	for _, p := range rt.Progress {
		switch {
		case p.Query == "customer_order_windows" && !p.NoData:
			counted++
			testkit.RowsEqual(t, p.Expectations, wantCounts)
		case p.Query != "customer_order_windows" && len(p.Expectations) > 0:
			t.Errorf("query %s counts %+v: only the windows' query reads the valid orders", p.Query, p.Expectations)
		}
	}
	if counted != 1 {
		t.Errorf("%d data batches of customer_order_windows, want 1", counted)
	}
}
