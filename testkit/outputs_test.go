package testkit_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/testkit"
)

var (
	t0     = time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	orders = testkit.Rows("orders", []map[string]any{
		{"order_id": int64(1), "customer_id": int64(7), "status": "paid", "total": decimal.RequireFromString("10.00"), "at": t0},
		{"order_id": int64(2), "customer_id": int64(7), "status": "refunded", "total": decimal.RequireFromString("1"), "at": t0.Add(time.Hour)},
		{"order_id": int64(2), "customer_id": int64(8), "status": "lost", "total": nil, "at": t0.Add(-time.Hour)},
		{"order_id": int64(3), "customer_id": nil, "status": nil, "total": decimal.RequireFromString("2.5"), "at": nil},
	})
	customers = testkit.Rows("customers", []map[string]any{{"id": int64(7)}, {"id": int64(9)}})
)

// many is an output with 25 rows sharing one key.
func many() testkit.Output {
	rows := make([]map[string]any, 25)
	for i := range rows {
		rows[i] = map[string]any{"k": "same", "i": int64(i)}
	}
	return testkit.Rows("many", rows)
}

// TestOutputTests runs each output test on rows that pass and rows that
// fail, and checks the failure lists the offending rows and their count.
func TestOutputTests(t *testing.T) {
	tests := []struct {
		name string
		run  func(tb testing.TB)
		want []string // substrings of the failure; none: the test passes
	}{
		{"unique passes", func(tb testing.TB) { testkit.Unique(tb, orders, "order_id", "customer_id") }, nil},
		{"unique fails", func(tb testing.TB) { testkit.Unique(tb, orders, "order_id") },
			[]string{"Unique(orders: order_id): 1 key repeated: 2 rows of 4 offend", `"customer_id":7`, `"customer_id":8`}},
		{"unique skips NULL keys", func(tb testing.TB) { testkit.Unique(tb, orders, "status") }, nil},
		{"unique lists the first rows", func(tb testing.TB) { testkit.Unique(tb, many(), "k") },
			[]string{"25 rows of 25 offend (the first 10 listed)", `"i":0,`, `"i":17,`}},
		{"not null passes", func(tb testing.TB) { testkit.NotNull(tb, orders, "order_id") }, nil},
		{"not null fails", func(tb testing.TB) { testkit.NotNull(tb, orders, "order_id", "status") },
			[]string{"NotNull(orders: order_id, status): 1 row of 4 offend", `"order_id":3`}},
		{"accepted values pass, by value", func(tb testing.TB) {
			testkit.AcceptedValues(tb, orders, "total", 10, "2.50", decimal.RequireFromString("1.0"), 2.5)
		}, nil},
		{"accepted values fail", func(tb testing.TB) { testkit.AcceptedValues(tb, orders, "status", "paid", "refunded") },
			[]string{`AcceptedValues(orders: status in "paid", "refunded"): 1 row of 4 offend`, `"status":"lost"`}},
		{"relationship passes", func(tb testing.TB) {
			testkit.Relationship(tb, testkit.Rows("o", []map[string]any{{"c": 7}, {"c": nil}}), "c", customers, "id")
		}, nil},
		{"relationship fails", func(tb testing.TB) { testkit.Relationship(tb, orders, "customer_id", customers, "id") },
			[]string{"Relationship(orders.customer_id → customers.id): not in customers: 1 row of 4 offend", `"customer_id":8`}},
		{"fresh passes", func(tb testing.TB) { testkit.Fresh(tb, orders, "at", t0.Add(90*time.Minute), 30*time.Minute) }, nil},
		{"fresh fails", func(tb testing.TB) { testkit.Fresh(tb, orders, "at", t0.Add(2*time.Hour), 30*time.Minute) },
			[]string{"the latest at is 2026-07-15T11:00:00Z, 1h0m0s old"}},
		{"fresh fails without values", func(tb testing.TB) {
			testkit.Fresh(tb, testkit.Rows("e", []map[string]any{{"at": nil}}), "at", t0, time.Hour)
		}, []string{"no row of 1 has a timestamp in at"}},
		{"unknown column", func(tb testing.TB) { testkit.NotNull(tb, orders, "statuz") },
			[]string{"orders has no column statuz (did you mean status?)"}},
		{"empty output passes", func(tb testing.TB) { testkit.Unique(tb, testkit.Rows("e", nil), "x") }, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ft := &fakeTB{TB: t}
			func() {
				defer func() { _ = recover() }() // fakeTB.Fatalf panics
				tc.run(ft)
			}()
			if len(tc.want) == 0 {
				if ft.failed {
					t.Fatalf("failed: %s", ft.msg)
				}
				return
			}
			if !ft.failed {
				t.Fatal("passed, want a failure")
			}
			for _, w := range tc.want {
				if !strings.Contains(ft.msg, w) {
					t.Errorf("failure lacks %q:\n%s", w, ft.msg)
				}
			}
			if n := strings.Count(ft.msg, "\n  "); n > testkit.MaxListedRows {
				t.Errorf("failure lists %d rows, more than %d", n, testkit.MaxListedRows)
			}
		})
	}
}

// TestOutputTestsOnAPipeline runs the output tests on a pipeline's sinks,
// one line each.
func TestOutputTestsOnAPipeline(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	testkit.AddEvents(rt, "order_events", order("e1", 7, "10.00", t0.Add(5*time.Minute)),
		order("e2", 8, "2.50", t0.Add(40*time.Minute)), order("e3", 7, "1.00", t0.Add(80*time.Minute)))
	rt.AddRawPayloads("order_events", []byte(`{"event_id":"bad"}`))
	rt.ProcessAllAvailable()
	windows := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows")
	testkit.Unique(t, windows, "customer_id", "window_start", "window_end")
	testkit.NotNull(t, windows, "paid_order_count", "paid_order_total")
	testkit.Fresh(t, windows, "latest_event_time", rt.Watermark("customer_order_windows"), time.Hour)
	rejected := testkit.Table[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events")
	testkit.AcceptedValues(t, rejected, "reason_code", "MISSING_REQUIRED")
	testkit.Relationship(t, windows, "customer_id", testkit.Rows("customers", []map[string]any{{"id": 7}, {"id": 8}}), "id")

	ft := &fakeTB{TB: t} // two customers share the 10:00 window
	testkit.Unique(ft, windows, "window_start")
	if !ft.failed || !strings.Contains(ft.msg, "2 rows of 2 offend") {
		t.Error(fmt.Sprint("Unique on window_start alone did not fail as it should for ", windows.Maps(), ": ", ft.msg))
	}
}
