package testkit_test

import (
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// gatedOrders is the order-streaming pipeline with one invalid-ratio gate
// of the given threshold, action and options.
func gatedOrders(max float64, action etl.Action, opts ...etl.GateOption) *etl.Pipeline {
	return etl.NewPipeline("gated-orders", "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		etl.Load(p, "customer_order_windows", orderstreaming.AggregateCustomerOrders.Step(p, orders.Valid(), orderstreaming.AggregateParams{}))
		etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
		etl.Load(p, "late_order_events", etl.Into[orderstreaming.LateOrderEvent](orders.Late()))
		etl.Gate(p, "invalid", etl.InvalidRatioAbove("order_events", max), action, opts...)
	})
}

var (
	validOrder   = []byte(`{"event_id":"e1","order_id":1,"customer_id":7,"order_total":10.00,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
	invalidOrder = []byte(`{"event_id":"e2","order_id":-1,"customer_id":7,"order_total":1.00,"status":"paid","event_time":"2026-07-15T11:00:00Z"}`)
)

// TestReplayBatchGates: a replayed batch gives its gates' verdicts again,
// and ReplayBatch fails when they differ from the committed batch's.
func TestReplayBatchGates(t *testing.T) {
	rt := testkit.Start(t, gatedOrders(0.5, etl.Warn))
	rt.AddRawPayloads("order_events", validOrder, invalidOrder, invalidOrder)
	rt.ProcessAllAvailable()
	rt.AddRawPayloads("order_events", validOrder)
	rt.ProcessAllAvailable()
	rt.ReplayBatch(0) // the real test fails if the verdicts differ

	ft := &fakeTB{TB: t}
	tampered := testkit.Start(ft, gatedOrders(0.5, etl.Warn))
	tampered.AddRawPayloads("order_events", validOrder, invalidOrder, invalidOrder)
	tampered.ProcessAllAvailable()
	gates := 0
	for i := range tampered.Progress {
		if tampered.Progress[i].BatchID != 0 {
			continue
		}
		for j := range tampered.Progress[i].Gates {
			tampered.Progress[i].Gates[j].Value, tampered.Progress[i].Gates[j].Breached = 0.1, false
			gates++
		}
	}
	if gates != 2 { // in the two queries the planner gives the gate
		t.Fatalf("batch 0 recorded %d gate verdicts, want 2: %+v", gates, tampered.Progress)
	}
	tampered.ReplayBatch(0)
	if !ft.failed || !strings.Contains(ft.msg, "quality gates' verdicts differ") || !strings.Contains(ft.msg, "0.6666") {
		t.Errorf("ReplayBatch accepted verdicts that differ from the committed batch's: failed %v, %q", ft.failed, ft.msg)
	}
}

// TestCrashAtFailGate: a fail gate breached in the batch a crash
// interrupts stops it at the gate, its sinks unwritten; after the restart
// the same batch (same offsets) runs again, and with the gate loosened it
// commits every row once.
func TestCrashAtFailGate(t *testing.T) {
	rt := testkit.Start(t, gatedOrders(0.5, etl.Fail))
	rt.AddRawPayloads("order_events", validOrder, invalidOrder, invalidOrder)
	rt.CrashBeforeCommit()
	rt.Restart(testkit.WithPipeline(gatedOrders(0.9, etl.Fail)))
	if !rt.Recovered() {
		t.Fatal("the restart did not recover the checkpoints")
	}
	testkit.Empty(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"))
	rt.ProcessAllAvailable()
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 2)
	gated := 0
	for _, p := range rt.Progress {
		if p.BatchID != 0 {
			continue
		}
		if len(p.Gates) > 0 {
			gated++
		}
		if !p.Replay || p.InputRows != 3 || len(p.Gates) > 1 || (len(p.Gates) == 1 && p.Gates[0].Breached) {
			t.Errorf("query %s batch 0 after the restart: replay %v, input %d, gates %+v; want the 3 events again, gate ok",
				p.Query, p.Replay, p.InputRows, p.Gates)
		}
	}
	if gated != 2 {
		t.Errorf("%d queries evaluated the gate in batch 0 after the restart, want 2", gated)
	}
}
