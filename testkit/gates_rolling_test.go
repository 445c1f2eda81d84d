package testkit_test

import (
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// TestRollingGate: a rolling gate's value is the rejected over the read
// rows of the last 3 batches of the query, kept across a restart, and a
// batch that crashed before its commit and ran again counts once.
func TestRollingGate(t *testing.T) {
	type step struct {
		valid, invalid int
		restart, crash bool // restart before the batch; crash it before its commit, restart and re-run it
		want           float64
		breached       bool
	}
	steps := []step{
		{valid: 1, invalid: 1, want: 0.5, breached: true},    // batch 0: 1/2
		{valid: 3, want: 0.2},                                // 1/5
		{invalid: 1, restart: true, want: 2.0 / 6},           // 2/6, batch 0 still in
		{valid: 2, want: 1.0 / 6},                            // batches 1-3: 1/6
		{invalid: 2, crash: true, want: 0.6, breached: true}, // batches 2-4: 3/5, batch 4 once
	}
	rt := testkit.Start(t, gatedOrders(0.4, etl.Warn, etl.OverLastBatches(3)))
	for i, s := range steps {
		if s.restart {
			rt.Restart()
		}
		for range s.valid {
			rt.AddRawPayloads("order_events", validOrder)
		}
		for range s.invalid {
			rt.AddRawPayloads("order_events", invalidOrder)
		}
		gates := processedGates(t, rt, s.crash, "rejected_order_events", i, 1)
		if g := gates[0]; g.Value != s.want || g.Breached != s.breached ||
			g.Condition != "invalid_ratio(order_events) > 0.4 over the last 3 micro-batches" {
			t.Errorf("batch %d: verdict %+v, want value %v breached %v", i, g, s.want, s.breached)
		}
	}
}

// failingRolling is a pipeline whose rolling gate over the last 2
// batches fails above max.
func failingRolling(max float64) *etl.Pipeline {
	return etl.NewPipeline("rolling-fail", "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
		etl.Gate(p, "invalid-last-2", etl.InvalidRatioAbove("order_events", max), etl.Fail, etl.OverLastBatches(2))
	})
}

// TestRollingGateFails: a failing rolling gate fails a batch whose own
// ratio passes when the last 2 batches' does not (batch 0, committed
// under a looser gate, is kept in the checkpoint across the restart);
// nothing of it commits, it fails again when re-run, and commits once the
// gate allows the 2 batches' ratio.
func TestRollingGateFails(t *testing.T) {
	rt := testkit.Start(t, failingRolling(0.8))
	rt.AddRawPayloads("order_events", invalidOrder, invalidOrder, invalidOrder, validOrder)
	rt.ProcessAllAvailable() // 3/4 <= 0.8
	rt.Restart(testkit.WithPipeline(failingRolling(0.5)))
	rt.AddRawPayloads("order_events", invalidOrder, validOrder) // 1/2 alone, 4/6 with batch 0
	for range 2 {
		failsRejecting(t, rt, "invalid_ratio(order_events) > 0.5 over the last 2 micro-batches with value 0.6666666666666666", 3)
	}
	rt.Restart(testkit.WithPipeline(failingRolling(0.7)))
	rt.ProcessAllAvailable()
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 4)
}

// failsRejecting processes what is available, which a gate must fail
// saying verdict, with rejected rows written before.
func failsRejecting(t *testing.T, rt *testkit.Runtime, verdict string, rejected int) {
	t.Helper()
	if err := rt.TryProcessAllAvailable(); err == nil || !strings.Contains(err.Error(), verdict) {
		t.Fatalf("process: %v, want a gate to fail the batch with %s", err, verdict)
	}
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), rejected)
}
