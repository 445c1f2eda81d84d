package orderstreaming_test

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/testkit"
)

// gatedInto is gated with a quarantine gate: the rows of the windows that
// breach it (per window), or of the batch (per micro-batch), go to
// sparse_order_windows instead of customer_order_windows.
func gatedInto(check etl.Check, opts ...etl.GateOption) *etl.Pipeline {
	return gated(func(p *etl.Builder) {
		etl.Gate(p, "customers", check, etl.Quarantine, append(opts, etl.QuarantineTo("sparse_order_windows"))...)
	})
}

// gated is the order-streaming pipeline with the given gates.
func gated(gates func(p *etl.Builder)) *etl.Pipeline {
	return etl.NewPipeline("gated-order-streaming", "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		windows := orderstreaming.AggregateCustomerOrders.Step(p, orders.Valid(), orderstreaming.AggregateParams{})
		etl.Load(p, "customer_order_windows", windows)
		etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
		etl.Load(p, "late_order_events", etl.Into[orderstreaming.LateOrderEvent](orders.Late()))
		gates(p)
	})
}

var (
	goodEvent = []byte(`{"event_id":"evt-g1","order_id":1,"customer_id":7,"order_total":10.00,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
	// noID is invalid with event_id null in its rejection row.
	noID = []byte(`{"order_id":2,"customer_id":7,"order_total":1.00,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
	// badOrder is invalid with its event_id kept.
	badOrder = []byte(`{"event_id":"evt-b1","order_id":-1,"customer_id":7,"order_total":1.00,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
)

// TestGateValues: each gate's value and verdict in each query that
// evaluates it, on one batch of 1 valid and 3 invalid events (1 without an
// event id).
func TestGateValues(t *testing.T) {
	p := gated(func(p *etl.Builder) {
		etl.Gate(p, "invalid", etl.InvalidRatioAbove("order_events", 0.5), etl.Warn)
		etl.Gate(p, "windows", etl.RowsBelow("customer_order_windows", 2), etl.Warn)
		etl.Gate(p, "ids", etl.NullRatioAbove("rejected_order_events", "event_id", 0.5), etl.Warn)
	})
	rt := testkit.Start(t, p)
	rt.AddRawPayloads("order_events", goodEvent, noID, badOrder, badOrder)
	rt.ProcessAllAvailable()
	type verdict struct {
		value    float64
		breached bool
	}
	want := map[string]map[string]verdict{
		"customer_order_windows": {"invalid": {0.75, true}, "windows": {0, true}},
		"rejected_order_events":  {"invalid": {0.75, true}, "ids": {1.0 / 3, false}},
	}
	seen := map[string]int{}
	for _, pr := range rt.Progress {
		if pr.BatchID != 0 {
			continue
		}
		w := want[pr.Query]
		if len(pr.Gates) != len(w) {
			t.Errorf("query %s: gates %+v, want %d", pr.Query, pr.Gates, len(w))
		}
		for _, g := range pr.Gates {
			seen[pr.Query]++
			if v, ok := w[g.Name]; !ok || v.value != g.Value || v.breached != g.Breached {
				t.Errorf("query %s gate %s = %v breached %v, want %+v", pr.Query, g.Name, g.Value, g.Breached, v)
			}
		}
	}
	if seen["customer_order_windows"] != 2 || seen["rejected_order_events"] != 2 {
		t.Errorf("gates evaluated %v, want 2 per query", seen)
	}
	// warn: the batch committed (the window is not final yet: append mode)
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 3)
}

// TestGateFail: a failing gate stops the batch before its sinks commit
// and names the gate; a restart with the gate loosened re-runs the same
// batch (same offsets) and commits it; nothing is lost or duplicated.
func TestGateFail(t *testing.T) {
	strict := gated(func(p *etl.Builder) {
		etl.Gate(p, "invalid", etl.InvalidRatioAbove("order_events", 0.5), etl.Fail)
	})
	rt := testkit.Start(t, strict)
	rt.AddRawPayloads("order_events", goodEvent, noID, badOrder, badOrder)
	err := rt.TryProcessAllAvailable()
	var ge *localengine.GateError
	if !errors.As(err, &ge) || ge.Gate.Name != "invalid" || ge.Gate.Value != 0.75 || ge.BatchID != 0 {
		t.Fatalf("err = %v, want a GateError of gate invalid at 0.75 in batch 0", err)
	}
	if msg := err.Error(); !strings.Contains(msg, localengine.GateMarker) || !strings.Contains(msg, localengine.CodeGateFailed) {
		t.Errorf("message %q lacks the marker or the code", msg)
	}
	testkit.Empty(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"))
	failed := ge.Query

	// The same run again fails the same way: the batch is still pending.
	if err := rt.TryProcessAllAvailable(); !errors.As(err, &ge) {
		t.Fatalf("second try: err = %v, want the gate again", err)
	}

	loose := gated(func(p *etl.Builder) {
		etl.Gate(p, "invalid", etl.InvalidRatioAbove("order_events", 0.8), etl.Fail)
	})
	rt.Progress = nil
	rt.Restart(testkit.WithPipeline(loose))
	rt.ProcessAllAvailable()
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 3)
	reran := false
	for _, pr := range rt.Progress {
		if pr.Query != failed || pr.BatchID != 0 {
			continue
		}
		reran = true
		if !pr.Replay || pr.InputRows != 4 || len(pr.Gates) != 1 || pr.Gates[0].Breached {
			t.Errorf("query %s batch 0 after the restart: replay %v, input %d, gates %+v; want a replay of the 4 events, gate ok",
				pr.Query, pr.Replay, pr.InputRows, pr.Gates)
		}
	}
	if !reran {
		t.Errorf("query %s did not re-run batch 0", failed)
	}
}

// windowEvents are paid orders of customers 7, 8 and 9 in the 10:00 window,
// of customer 7 alone in the 11:00 window, and one at 13:00 that moves the
// watermark (15 minutes) past both windows' ends.
func windowEvents() [][]byte {
	ev := func(id string, customer int, at string) []byte {
		return []byte(`{"event_id":"` + id + `","order_id":1,"customer_id":` + strconv.Itoa(customer) +
			`,"order_total":10.00,"status":"paid","event_time":"` + at + `"}`)
	}
	return [][]byte{ev("w1", 7, "2026-07-15T10:05:00Z"), ev("w2", 8, "2026-07-15T10:10:00Z"), ev("w3", 9, "2026-07-15T10:50:00Z"),
		ev("w4", 7, "2026-07-15T11:30:00Z"), ev("w5", 1, "2026-07-15T13:00:00Z")}
}

// TestWindowGate: a per-window gate measures each final window the
// windows query writes: the 11:00 window has 1 customer, below 2, and is
// named; the 10:00 window passes; a batch that writes no window measures
// none and passes.
func TestWindowGate(t *testing.T) {
	p := gated(func(p *etl.Builder) {
		etl.Gate(p, "customers-per-window", etl.RowsBelow("customer_order_windows", 2), etl.Warn, etl.PerWindow())
		etl.Gate(p, "window-times", etl.NullRatioAbove("customer_order_windows", "latest_event_time", 0.5), etl.Warn, etl.PerWindow())
	})
	rt := testkit.Start(t, p)
	rt.AddRawPayloads("order_events", windowEvents()...)
	rt.ProcessAllAvailable()
	var got []localengine.GateResult
	for _, pr := range rt.Progress {
		if pr.Query == "customer_order_windows" {
			got = append(got, pr.Gates...)
		}
	}
	cond := "rows(customer_order_windows) < 2 in an event-time window"
	times := "null_ratio(customer_order_windows.latest_event_time) > 0.5 in an event-time window"
	want := []localengine.GateResult{
		// batch 0 writes no final window
		{Name: "customers-per-window", Condition: cond, Action: "warn"},
		{Name: "window-times", Condition: times, Action: "warn"},
		// batch 1 (no data: the watermark moved) writes the 10:00 and 11:00 windows
		{Name: "customers-per-window", Condition: cond, Action: "warn", Value: 1, Breached: true,
			Windows: 2, WindowsBreached: 1, BreachedWindows: []string{"2026-07-15T11:00:00Z"}},
		{Name: "window-times", Condition: times, Action: "warn", Windows: 2},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("verdicts of customer_order_windows (-want +got):\n%s", diff)
	}
	// warn: both windows written
	testkit.Count(t, testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows(), 4)
}

// TestWindowGateFail: a failing per-window gate fails the batch that
// writes the thin window, names it, and writes none of the batch's windows.
func TestWindowGateFail(t *testing.T) {
	p := gated(func(p *etl.Builder) {
		etl.Gate(p, "customers-per-window", etl.RowsBelow("customer_order_windows", 2), etl.Fail, etl.PerWindow())
	})
	rt := testkit.Start(t, p)
	rt.AddRawPayloads("order_events", windowEvents()...)
	err := rt.TryProcessAllAvailable()
	var ge *localengine.GateError
	if !errors.As(err, &ge) || ge.Query != "customer_order_windows" || ge.Gate.WindowsBreached != 1 {
		t.Fatalf("err = %v, want a GateError of customer_order_windows with 1 window breached", err)
	}
	if want := "in 1 of 2 windows starting 2026-07-15T11:00:00Z; the batch did not commit"; !strings.Contains(err.Error(), want) {
		t.Errorf("message %q does not say %q", err, want)
	}
	testkit.Empty(t, testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows())
}

// TestWindowGateQuarantine: a quarantine gate per window writes the rows of
// the 11:00 window (1 customer, below 2) to its output and the 10:00
// window's to the load, in the same batch; per micro-batch, every row of the
// breached batch goes to the output. Each row is written once.
func TestWindowGateQuarantine(t *testing.T) {
	tests := []struct {
		name            string
		pipe            *etl.Pipeline
		kept, diverted  []string
		windowsBreached int
	}{
		{"per window", gatedInto(etl.RowsBelow("customer_order_windows", 2), etl.PerWindow()),
			[]string{"7@10:00", "8@10:00", "9@10:00"}, []string{"7@11:00"}, 1},
		{"per batch", gatedInto(etl.RowsBelow("customer_order_windows", 5)),
			nil, []string{"7@10:00", "7@11:00", "8@10:00", "9@10:00"}, 0},
	}
	names := func(rows []orderstreaming.CustomerOrderWindow) []string {
		var out []string
		for _, r := range rows {
			out = append(out, strconv.FormatInt(r.CustomerID, 10)+"@"+r.WindowStart.UTC().Format("15:04"))
		}
		slices.Sort(out)
		return out
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rt := testkit.Start(t, tt.pipe)
			rt.AddRawPayloads("order_events", windowEvents()...)
			rt.ProcessAllAvailable()
			kept := names(testkit.Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_windows").Rows())
			diverted := names(testkit.Table[orderstreaming.CustomerOrderWindow](rt, "sparse_order_windows").Rows())
			if diff := cmp.Diff(tt.kept, kept); diff != "" {
				t.Errorf("customer_order_windows (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.diverted, diverted); diff != "" {
				t.Errorf("sparse_order_windows (-want +got):\n%s", diff)
			}
			quarantined := 0
			for _, pr := range rt.Progress {
				for _, g := range pr.Gates {
					quarantined += g.Quarantined
					if g.Breached && g.WindowsBreached != tt.windowsBreached {
						t.Errorf("batch %d: %d windows breached, want %d", pr.BatchID, g.WindowsBreached, tt.windowsBreached)
					}
				}
			}
			if quarantined != len(tt.diverted) {
				t.Errorf("verdicts count %d rows quarantined, want %d", quarantined, len(tt.diverted))
			}
			// A replay of the batch that wrote the windows writes nothing twice.
			rt.ReplayBatch(1)
			if got := names(testkit.Table[orderstreaming.CustomerOrderWindow](rt, "sparse_order_windows").Rows()); !cmp.Equal(got, tt.diverted) {
				t.Errorf("sparse_order_windows after a replay = %v, want %v", got, tt.diverted)
			}
		})
	}
}
