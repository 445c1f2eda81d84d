package orderstreaming_test

import (
	"bufio"
	"bytes"
	"os"
	"slices"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
	"github.com/shopspring/decimal"
)

// lines reads the sample events of one file of testdata/events.
func lines(tb testing.TB, name string) [][]byte {
	tb.Helper()
	data, err := os.ReadFile("testdata/events/" + name)
	if err != nil {
		tb.Fatal(err)
	}
	var out [][]byte
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if l := bytes.TrimSpace(sc.Bytes()); len(l) > 0 {
			out = append(out, append([]byte(nil), l...))
		}
	}
	return out
}

var sampleFiles = []string{"001-morning.jsonl", "002-midday.jsonl", "003-afternoon.jsonl"}

func at(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func paid(id string, order, customer int64, total, ts string) orderstreaming.OrderEvent {
	return orderstreaming.OrderEvent{EventID: id, OrderID: order, CustomerID: customer,
		OrderTotal: decimal.RequireFromString(total), Status: "paid", EventTime: at(ts)}
}

func window(customer int64, start string, count int64, total, latest string) orderstreaming.CustomerOrderWindow {
	s := at("2026-07-15T" + start + ":00Z")
	return orderstreaming.CustomerOrderWindow{CustomerID: customer, WindowStart: s, WindowEnd: s.Add(time.Hour),
		PaidOrderCount: count, PaidOrderTotal: decimal.RequireFromString(total), LatestEventTime: at("2026-07-15T" + latest + "Z")}
}

// runSamples feeds the first three sample files, one micro-batch each
// (004-late-arrival.jsonl, the late event of back-to-back batches, is read
// by the file-source tests).
func runSamples(t *testing.T, rt *testkit.Runtime) {
	t.Helper()
	for _, f := range sampleFiles {
		rt.AddRawPayloads("order_events", lines(t, f)...)
		rt.ProcessAllAvailable()
	}
}

// TestStreamingPipeline checks the windows of testdata/events/README.md:
// in append mode only the windows the watermark (12:37:30) passed are final.
func TestStreamingPipeline(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	runSamples(t, rt)
	got := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	testkit.RowsEqual(t, got, []orderstreaming.CustomerOrderWindow{
		window(7, "10:00", 1, "120.00", "10:09:30"),
		window(7, "11:00", 1, "230.40", "11:12:00"),
		window(13, "10:00", 1, "77.25", "10:47:00"),
		window(13, "11:00", 1, "64.00", "11:26:45"),
		window(42, "10:00", 2, "62.09", "10:31:12"),
		window(42, "11:00", 2, "108.74", "11:49:30"),
	})
	if wm := rt.Watermark("customer_order_windows"); !wm.Equal(at("2026-07-15T12:37:30Z")) {
		t.Errorf("watermark = %s, want 12:37:30", wm)
	}
	open := rt.State("aggregate-customer-orders")
	testkit.Count(t, open, 3) // the three 12:00–13:00 windows
}

// TestWindowsComputedIndependently recomputes the windows from the valid,
// not-late events and compares them with the engine once every window closed.
func TestWindowsComputedIndependently(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	runSamples(t, rt)
	rt.AdvanceWatermark(at("2026-07-15T13:00:00Z"))
	rt.ProcessAllAvailable()
	want := map[[2]int64]*orderstreaming.CustomerOrderWindow{}
	for _, f := range sampleFiles {
		for _, raw := range lines(t, f) {
			var e orderstreaming.OrderEvent
			if err := jsonUnmarshal(raw, &e); err != nil || e.OrderID <= 0 || e.Status != "paid" || e.EventID == "evt-0018" {
				continue
			}
			start := e.EventTime.Truncate(time.Hour)
			k := [2]int64{e.CustomerID, start.Unix()}
			w := want[k]
			if w == nil {
				w = &orderstreaming.CustomerOrderWindow{CustomerID: e.CustomerID, WindowStart: start, WindowEnd: start.Add(time.Hour)}
				want[k] = w
			}
			w.PaidOrderCount++
			w.PaidOrderTotal = w.PaidOrderTotal.Add(e.OrderTotal)
			if e.EventTime.After(w.LatestEventTime) {
				w.LatestEventTime = e.EventTime
			}
		}
	}
	var wants []orderstreaming.CustomerOrderWindow
	for _, w := range want {
		wants = append(wants, *w)
	}
	got := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	testkit.RowsEqual(t, got, wants)
	testkit.Empty(t, rt.State("aggregate-customer-orders"))
}

// TestLateEventPolicy: after the watermark passed 12:00, an event at 10:00
// goes to late_order_events with the watermark at arrival, not to a window.
func TestLateEventPolicy(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	rt.AdvanceWatermark(at("2026-07-15T12:00:00Z"))
	late := paid("evt-late", 9, 7, "10.00", "2026-07-15T10:00:00Z")
	testkit.AddEvents(rt, "order_events", late)
	rt.ProcessAllAvailable()
	testkit.RowsEqual(t, testkit.Late[orderstreaming.LateOrderEvent](rt, "late_order_events"), []orderstreaming.LateOrderEvent{
		{Event: late, WatermarkAtArrival: at("2026-07-15T12:00:00Z"), ReasonCode: "BEHIND_WATERMARK"},
	})
	testkit.Empty(t, testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows())
	testkit.Empty(t, rt.State("aggregate-customer-orders"))
	var dropped int64
	for _, p := range rt.Progress {
		dropped += p.DroppedByWatermark
	}
	if dropped != 1 {
		t.Errorf("numRowsDroppedByWatermark = %d, want 1", dropped)
	}
}

// TestSampleLateEvent: evt-0018 (10:30) arrives in batch 3 behind the
// watermark 12:03 and is routed to the late output.
func TestSampleLateEvent(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	runSamples(t, rt)
	got := testkit.Late[orderstreaming.LateOrderEvent](rt, "late_order_events")
	testkit.Count(t, got, 1)
	if len(got) == 1 && (got[0].Event.EventID != "evt-0018" || !got[0].WatermarkAtArrival.Equal(at("2026-07-15T12:03:00Z"))) {
		t.Errorf("late event = %+v, want evt-0018 at watermark 12:03", got[0])
	}
}

// TestInvalidEventQuarantined: invalid payloads keep their raw bytes and
// reason code; valid + invalid = input.
func TestInvalidEventQuarantined(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline, testkit.ProcessingTime(at("2026-07-15T12:05:00Z")))
	raw := []byte(`{"event_id":"evt-bad","order_id":-1,"customer_id":7,"order_total":1.00,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
	rt.AddRawPayloads("order_events", raw, []byte(`not json`))
	rt.ProcessAllAvailable()
	eventID := "evt-bad"
	path := "order_id"
	got := testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events")
	testkit.Count(t, got, 2)
	for _, r := range got {
		r.Reason = ""
		switch r.RawPayload {
		case string(raw):
			testkit.RowsEqual(t, []orderstreaming.RejectedOrderEvent{r}, []orderstreaming.RejectedOrderEvent{{
				EventID: &eventID, RawPayload: string(raw), ReasonCode: "OUT_OF_RANGE", FieldPath: &path,
				ObservedAt: at("2026-07-15T12:05:00Z"), PipelineID: "customer-order-streaming", ContractID: "order-event"}})
		case "not json":
			if r.ReasonCode != "MALFORMED_JSON" {
				t.Errorf("reason code = %s, want MALFORMED_JSON", r.ReasonCode)
			}
		default:
			t.Errorf("unexpected quarantined payload %q", r.RawPayload)
		}
	}
}

// TestCheckpointRecovery: a restart resumes after the committed batches; no
// event is processed twice.
func TestCheckpointRecovery(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	rt.AddRawPayloads("order_events", lines(t, sampleFiles[0])...)
	rt.ProcessAllAvailable()
	rt.Stop()
	rt.Restart()
	if !rt.Recovered() {
		t.Fatal("restart did not recover from the checkpoint")
	}
	rt.AddRawPayloads("order_events", lines(t, sampleFiles[1])...)
	rt.AddRawPayloads("order_events", lines(t, sampleFiles[2])...)
	rt.ProcessAllAvailable()
	fresh := testkit.Start(t, orderstreaming.Pipeline)
	for _, f := range sampleFiles[:1] {
		fresh.AddRawPayloads("order_events", lines(t, f)...)
		fresh.ProcessAllAvailable()
	}
	fresh.AddRawPayloads("order_events", append(lines(t, sampleFiles[1]), lines(t, sampleFiles[2])...)...)
	fresh.ProcessAllAvailable()
	got := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	want := testkit.Table[orderstreaming.CustomerOrderWindow](fresh, "customer_order_windows").Rows()
	testkit.RowsEqual(t, got, want)
	input := 0
	for _, p := range rt.Progress {
		if p.Query == "customer_order_windows" {
			input += p.InputRows
		}
	}
	if input != 20 {
		t.Errorf("the windows query read %d events across the restart, want 20 (each once)", input)
	}
}

// TestUncommittedBatchIsRerun: a crash after the sink write and before the
// commit re-runs the batch on restart with the same offsets; the sinks are
// idempotent, so nothing is duplicated.
func TestUncommittedBatchIsRerun(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	runSamples(t, rt)
	rt.AdvanceWatermark(at("2026-07-15T13:00:00Z"))
	rt.AddRawPayloads("order_events", []byte(`{}`))
	rt.CrashBeforeCommit()
	rt.Restart()
	rt.ProcessAllAvailable()
	testkit.Count(t, testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows(), 9)
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 3)
}

// TestBatchReplayIsIdempotent: replaying a committed batch yields the same
// rows and leaves the targets unchanged.
func TestBatchReplayIsIdempotent(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	runSamples(t, rt)
	before := testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows()
	for n := int64(0); n < 3; n++ {
		rt.ReplayBatch(n)
	}
	testkit.RowsEqual(t, testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows(), before)
}

// TestRestartWithChangedWindowIsRejected: a new window size cannot reuse
// the aggregation state; the planner's state diagnostic says so.
func TestRestartWithChangedWindowIsRejected(t *testing.T) {
	rt := testkit.Start(t, orderstreaming.Pipeline)
	rt.AddRawPayloads("order_events", lines(t, sampleFiles[0])...)
	rt.ProcessAllAvailable()
	rt.Stop()
	changed := etl.NewPipeline("customer-order-streaming", "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		windows := orderstreaming.AggregateCustomerOrders.Step(p, orders.Valid(),
			orderstreaming.AggregateParams{WindowDuration: etl.DurationOf(30 * time.Minute)})
		etl.Load(p, "customer_order_windows", windows)
		etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
		etl.Load(p, "late_order_events", etl.Into[orderstreaming.LateOrderEvent](orders.Late()))
	})
	err := rt.TryRestart(testkit.WithPipeline(changed))
	codes := testkit.StateDiagnostics(err).Codes()
	if len(codes) == 0 || !slices.Contains(codes, "ETL-X602") {
		t.Fatalf("restart with a 30m window: err = %v, codes %v; want ETL-X602", err, codes)
	}
}
