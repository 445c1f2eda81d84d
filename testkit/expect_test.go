package testkit_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/testkit"
)

// expectedOrders is the order-streaming pipeline whose valid orders carry
// the expectations expect declares.
func expectedOrders(expect func(etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent]) *etl.Pipeline {
	return etl.NewPipeline("expected-orders", "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		valid := expect(orders.Valid())
		etl.Load(p, "customer_order_windows", orderstreaming.AggregateCustomerOrders.Step(p, valid, orderstreaming.AggregateParams{}))
		etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
	})
}

// closed is a watermark that closes the windows of the orders at 11:00.
var closed = time.Date(2026, 7, 15, 13, 0, 0, 0, time.UTC)

func orderPayload(id, customer int, total string) []byte {
	return []byte(`{"event_id":"e` + string(rune('0'+id)) + `","order_id":` + string(rune('0'+id)) + `,"customer_id":` + string(rune('0'+customer)) +
		`,"order_total":` + total + `,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
}

// TestExpectations: each action counts the rows that meet and break the
// expectation in the batch of the query that reads the stream; drop keeps
// the breaking rows from the aggregation, warn keeps them.
func TestExpectations(t *testing.T) {
	o := orderstreaming.OrderEventCols
	five := etl.Lit(decimal.RequireFromString("5"))
	tests := []struct {
		name       string
		expect     func(etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent]
		want       localengine.ExpectationResult
		wantOrders int64 // paid orders the windows count
	}{
		{name: "drop", expect: func(s etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent] {
			return s.ExpectOrDrop("big_enough", o.OrderTotal.Expr().Gt(decimal.RequireFromString("5")))
		}, want: localengine.ExpectationResult{Name: "big_enough", Action: "drop", Passed: 2, Failed: 2}, wantOrders: 2},
		{name: "warn", expect: func(s etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent] {
			return s.Expect("big_enough", etl.Not(etl.Le(o.OrderTotal, five)), etl.Warn)
		}, want: localengine.ExpectationResult{Name: "big_enough", Action: "warn", Passed: 2, Failed: 2}, wantOrders: 4},
		{name: "unique, drop", expect: func(s etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent] {
			return s.ExpectUnique("one_per_customer", etl.Drop, o.CustomerID)
		}, want: localengine.ExpectationResult{Name: "one_per_customer", Action: "drop", Passed: 2, Failed: 2}, wantOrders: 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rt := testkit.Start(t, expectedOrders(tc.expect))
			rt.AddRawPayloads("order_events", orderPayload(1, 1, "10.00"), orderPayload(2, 1, "1.00"), orderPayload(3, 2, "2.00"), orderPayload(4, 2, "20.00"), invalidOrder)
			rt.ProcessAllAvailable()
			rt.AdvanceWatermark(closed)
			rt.ProcessAllAvailable()
			var counted int
			for _, p := range rt.Progress {
				switch {
				case p.Query == "customer_order_windows" && p.NoData:
					if len(p.Expectations) != 1 || p.Expectations[0].Passed+p.Expectations[0].Failed != 0 {
						t.Errorf("no-data batch %d counts %+v, want zeros", p.BatchID, p.Expectations)
					}
				case p.Query == "customer_order_windows" && len(p.Expectations) == 1:
					counted++
					if p.Expectations[0] != tc.want {
						t.Errorf("batch %d counts %+v, want %+v", p.BatchID, p.Expectations[0], tc.want)
					}
				case len(p.Expectations) > 0:
					t.Errorf("query %s counts %+v: it does not read the valid orders", p.Query, p.Expectations)
				}
			}
			if counted != 1 {
				t.Fatalf("%d batches of customer_order_windows counted the expectation, want 1: %+v", counted, rt.Progress)
			}
			var paid int64
			for _, w := range testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows() {
				paid += w.PaidOrderCount
			}
			if paid != tc.wantOrders {
				t.Errorf("the windows count %d paid orders, want %d", paid, tc.wantOrders)
			}
		})
	}
}

// TestExpectationFails: an expectation with action fail stops the batch
// at its first breaking row, naming the expectation and showing the row;
// nothing of the batch commits, and after the expectation is relaxed the
// restart runs the same batch again.
func TestExpectationFails(t *testing.T) {
	o := orderstreaming.OrderEventCols
	strict := expectedOrders(func(s etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent] {
		return s.ExpectOrFail("known_customer", o.CustomerID.Ne(9))
	})
	rt := testkit.Start(t, strict)
	rt.AddRawPayloads("order_events", orderPayload(1, 1, "10.00"), orderPayload(2, 9, "1.00"))
	err := rt.TryProcessAllAvailable()
	var ee *localengine.ExpectationError
	if !errors.As(err, &ee) {
		t.Fatalf("process: %v, want an *localengine.ExpectationError", err)
	}
	for _, want := range []string{localengine.ExpectationMarker, localengine.CodeExpectationFailed, "expectation known_customer", "customer_id <> 9", `"customer_id":9`, "batch 0"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not say %q", err, want)
		}
	}
	testkit.Empty(t, testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows())
	rt.Restart(testkit.WithPipeline(expectedOrders(func(s etl.Stream[orderstreaming.OrderEvent]) etl.Stream[orderstreaming.OrderEvent] {
		return s.Expect("known_customer", o.CustomerID.Ne(9), etl.Warn)
	})))
	rt.ProcessAllAvailable()
	rt.AdvanceWatermark(closed)
	rt.ProcessAllAvailable()
	windows := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	testkit.Count(t, windows, 2)
}
