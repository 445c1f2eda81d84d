package testkit_test

import (
	"fmt"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/testkit"
	"github.com/shopspring/decimal"
)

func order(id string, customer int64, total string, at time.Time) orderstreaming.OrderEvent {
	return orderstreaming.OrderEvent{EventID: id, OrderID: 1, CustomerID: customer,
		OrderTotal: decimal.RequireFromString(total), Status: "paid", EventTime: at}
}

// Example_memoryStreams feeds two batches and reads the window the
// watermark closed (append mode).
func Example_memoryStreams() {
	t := &testing.T{}
	rt := testkit.Start(t, orderstreaming.Pipeline)
	base := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	testkit.AddEvents(rt, "order_events", order("e1", 7, "10.00", base.Add(5*time.Minute)), order("e2", 7, "2.50", base.Add(40*time.Minute)))
	rt.ProcessAllAvailable()
	testkit.AddEvents(rt, "order_events", order("e3", 7, "1.00", base.Add(80*time.Minute)))
	rt.ProcessAllAvailable()
	for _, w := range testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows() {
		fmt.Println(w.CustomerID, w.WindowStart.Format("15:04"), w.PaidOrderCount, w.PaidOrderTotal.StringFixed(2))
	}
	fmt.Println("watermark", rt.Watermark("customer_order_windows").Format("15:04"))
	// Output:
	// 7 10:00 2 12.50
	// watermark 11:05
}

func TestAdvanceWatermarkBackwardsFails(t *testing.T) {
	ft := &fakeTB{TB: t}
	rt := testkit.Start(ft, orderstreaming.Pipeline)
	rt.AdvanceWatermark(time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC))
	func() {
		defer func() { _ = recover() }()
		rt.AdvanceWatermark(time.Date(2026, 7, 15, 11, 0, 0, 0, time.UTC))
	}()
	if !ft.failed {
		t.Error("moving the watermark back did not fail the test")
	}
}

func TestRowsEqualReportsMissingAndUnexpected(t *testing.T) {
	ft := &fakeTB{TB: t}
	testkit.RowsEqual(ft, []int{1, 2, 2}, []int{2, 1, 3})
	if !ft.failed || ft.msg == "" {
		t.Fatal("RowsEqual accepted different rows")
	}
	for _, want := range []string{"unexpected (got, not wanted):\n  2", "missing (wanted, not got):\n  3"} {
		if !contains(ft.msg, want) {
			t.Errorf("message lacks %q:\n%s", want, ft.msg)
		}
	}
	ok := &fakeTB{TB: t}
	testkit.RowsEqual(ok, []int{1, 2}, []int{2, 1})
	if ok.failed {
		t.Error("RowsEqual rejected equal multisets in another order")
	}
}

// fakeTB records failures instead of failing the real test.
type fakeTB struct {
	testing.TB
	failed bool
	msg    string
}

func (f *fakeTB) Helper()                   {}
func (f *fakeTB) Error(args ...any)         { f.failed, f.msg = true, fmt.Sprint(args...) }
func (f *fakeTB) Errorf(s string, a ...any) { f.failed, f.msg = true, fmt.Sprintf(s, a...) }
func (f *fakeTB) Fatalf(s string, a ...any) {
	f.failed, f.msg = true, fmt.Sprintf(s, a...)
	panic("fatal")
}

func contains(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return true
		}
	}
	return false
}
