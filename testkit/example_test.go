package testkit_test

import (
	"fmt"
	"os"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/testkit"
	"github.com/shopspring/decimal"
)

// order is a paid order event; its order id is the number in id ("o2" → 2).
func order(id string, customer int64, total string, at time.Time) orderstreaming.OrderEvent {
	var n int64
	for _, c := range id {
		if c >= '0' && c <= '9' {
			n = n*10 + int64(c-'0')
		}
	}
	return orderstreaming.OrderEvent{EventID: id, OrderID: max(n, 1), CustomerID: customer,
		OrderTotal: decimal.RequireFromString(total), Status: "paid", EventTime: at}
}

// Example_memoryStreams feeds two batches and reads the window the
// watermark closed (append mode).
func Example_memoryStreams() {
	t := newExampleTB()
	defer t.cleanup()
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

// Example_lateEvents advances the watermark, then adds an event behind it:
// the aggregation drops it and the pipeline's Late() output receives it.
func Example_lateEvents() {
	t := newExampleTB()
	defer t.cleanup()
	rt := testkit.Start(t, orderstreaming.Pipeline)
	rt.AdvanceWatermark(time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC))
	testkit.AddEvents(rt, "order_events", order("e1", 7, "10.00", time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)))
	rt.ProcessAllAvailable()
	for _, l := range testkit.Late[orderstreaming.LateOrderEvent](rt, "late_order_events") {
		fmt.Println(l.Event.EventID, l.ReasonCode, l.WatermarkAtArrival.Format("15:04"))
	}
	fmt.Println("windows:", len(testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()))
	// Output:
	// e1 BEHIND_WATERMARK 12:00
	// windows: 0
}

// Example_restart stops the pipeline and restarts it from its checkpoints:
// nothing is read twice.
func Example_restart() {
	t := newExampleTB()
	defer t.cleanup()
	rt := testkit.Start(t, orderstreaming.Pipeline)
	base := time.Date(2026, 7, 15, 10, 0, 0, 0, time.UTC)
	testkit.AddEvents(rt, "order_events", order("e1", 7, "1.00", base))
	rt.ProcessAllAvailable()
	rt.Stop()
	rt.Restart()
	testkit.AddEvents(rt, "order_events", order("e2", 7, "2.00", base.Add(2*time.Hour)))
	rt.ProcessAllAvailable()
	read := 0
	for _, p := range rt.Progress {
		if p.Query == "customer_order_windows" {
			read += p.InputRows
		}
	}
	w := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	fmt.Println("recovered:", rt.Recovered(), "events read:", read, "windows:", len(w), w[0].PaidOrderTotal.StringFixed(2))
	// Output:
	// recovered: true events read: 2 windows: 1 1.00
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

// exampleTB is the testing.TB of runnable examples: temporary
// directories, cleanups, and failures printed.
type exampleTB struct {
	testing.TB
	cleanups []func()
}

func newExampleTB() *exampleTB { return &exampleTB{} }

func (e *exampleTB) Helper()                   {}
func (e *exampleTB) Cleanup(f func())          { e.cleanups = append(e.cleanups, f) }
func (e *exampleTB) Errorf(s string, a ...any) { fmt.Printf("error: "+s+"\n", a...) }
func (e *exampleTB) Error(a ...any)            { fmt.Println(append([]any{"error:"}, a...)...) }
func (e *exampleTB) Fatalf(s string, a ...any) { panic(fmt.Sprintf(s, a...)) }

func (e *exampleTB) TempDir() string {
	dir, err := os.MkdirTemp("", "testkit-example")
	if err != nil {
		panic(err)
	}
	e.Cleanup(func() { os.RemoveAll(dir) })
	return dir
}

func (e *exampleTB) cleanup() {
	for i := len(e.cleanups) - 1; i >= 0; i-- {
		e.cleanups[i]()
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

// TestProcessingTimeClock: rejections are stamped with the batch's
// processing time, which only AdvanceProcessingTime moves.
func TestProcessingTimeClock(t *testing.T) {
	start := time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC)
	rt := testkit.Start(t, orderstreaming.Pipeline, testkit.ProcessingTime(start))
	rt.AddRawPayloads("order_events", []byte(`{}`))
	rt.ProcessAllAvailable()
	rt.AdvanceProcessingTime(90 * time.Second)
	rt.AddRawPayloads("order_events", []byte(`[]`))
	rt.ProcessAllAvailable()
	got := map[string]time.Time{}
	for _, r := range testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events") {
		got[r.RawPayload] = r.ObservedAt
	}
	if !got["{}"].Equal(start) || !got["[]"].Equal(start.Add(90*time.Second)) {
		t.Errorf("observed_at = %v, want {} at %s and [] 90s later", got, start)
	}
}
