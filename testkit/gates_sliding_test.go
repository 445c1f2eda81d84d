package testkit_test

import (
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/testkit"
)

// TestSlidingGate: a gate over the last 10 minutes sums the rejected and
// read rows of the query's batches whose trigger time (the testkit's
// clock when the batch starts) is less than 10 minutes before the current
// batch's: kept across a restart, a batch exactly 10 minutes older left
// out, and a batch that crashed before its commit and ran again later
// keeps its own trigger time and counts once.
func TestSlidingGate(t *testing.T) {
	type step struct {
		after          time.Duration // the clock moves forward before the batch
		valid, invalid int
		restart, crash bool // restart before the batch; crash it before its commit, move the clock 1m, restart and re-run it
		want           float64
		breached       bool
	}
	steps := []step{
		{valid: 1, invalid: 1, want: 0.5, breached: true},                            // 0m: 1/2
		{after: 4 * time.Minute, valid: 3, want: 0.2},                                // 4m: 1/5
		{after: 4 * time.Minute, invalid: 1, restart: true, want: 2.0 / 6},           // 8m: 2/6, batch 0 still in
		{after: 2 * time.Minute, valid: 2, want: 1.0 / 6},                            // 10m: batch 0, 10m before, out: batches 1-3: 1/6
		{after: 9 * time.Minute, invalid: 2, crash: true, want: 0.5, breached: true}, // 19m: batches 3-4: 2/4 (re-run at 20m, batch 3 would be out)
		{after: 13 * time.Minute, valid: 1, want: 0},                                 // 32m: batch 4 at 19m is out, 0/1
	}
	rt := testkit.Start(t, gatedOrders(0.4, etl.Warn, etl.OverLast(10*time.Minute)))
	for i, s := range steps {
		rt.AdvanceProcessingTime(s.after)
		if s.restart {
			rt.Restart()
		}
		for range s.valid {
			rt.AddRawPayloads("order_events", validOrder)
		}
		for range s.invalid {
			rt.AddRawPayloads("order_events", invalidOrder)
		}
		if s.crash {
			rt.CrashBeforeCommit()
			rt.AdvanceProcessingTime(time.Minute)
			rt.Restart()
		}
		gates := processedGates(t, rt, false, "rejected_order_events", i, 1)
		if g := gates[0]; g.Value != s.want || g.Breached != s.breached ||
			g.Condition != "invalid_ratio(order_events) > 0.4 over the micro-batches of the last 10m0s" {
			t.Errorf("batch %d: verdict %+v, want value %v breached %v", i, g, s.want, s.breached)
		}
	}
}

// TestSlidingGateSpansTheRetainedBatches: however long the interval, a
// sliding gate adds up at most the last 100 batches, those a checkpoint
// retains: batch 0's invalid row counts in batch 99, not in batch 100.
func TestSlidingGateSpansTheRetainedBatches(t *testing.T) {
	rt := testkit.Start(t, gatedOrders(0.005, etl.Warn, etl.OverLast(24*time.Hour)))
	rt.AddRawPayloads("order_events", invalidOrder)
	rt.ProcessAllAvailable()
	for range 100 {
		rt.AdvanceProcessingTime(time.Second)
		rt.AddRawPayloads("order_events", validOrder)
		rt.ProcessAllAvailable()
	}
	for _, c := range []struct {
		batch    int
		want     float64
		breached bool
	}{{99, 0.01, true}, {100, 0, false}} {
		g := processedGates(t, rt, false, "rejected_order_events", c.batch, 1)[0]
		if g.Value != c.want || g.Breached != c.breached {
			t.Errorf("batch %d: verdict %+v, want value %v breached %v", c.batch, g, c.want, c.breached)
		}
	}
}

// failingSliding is a pipeline whose gate over the last minute fails
// above max.
func failingSliding(max float64) *etl.Pipeline {
	return etl.NewPipeline("sliding-fail", "1.0.0", func(p *etl.Builder) {
		orders := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		etl.Load(p, "rejected_order_events", etl.Into[orderstreaming.RejectedOrderEvent](orders.Invalid()))
		etl.Gate(p, "invalid-last-minute", etl.InvalidRatioAbove("order_events", max), etl.Fail, etl.OverLast(time.Minute))
	})
}

// TestSlidingGateFails: a failing sliding gate fails a batch whose own
// ratio passes when the last minute's does not; nothing of it commits, it
// fails again when re-run after the minute has passed (the batch keeps
// its trigger time), and commits once the gate allows the ratio; a batch
// a minute later leaves batch 0 out.
func TestSlidingGateFails(t *testing.T) {
	rt := testkit.Start(t, failingSliding(0.6))
	rt.AddRawPayloads("order_events", invalidOrder, validOrder)
	rt.ProcessAllAvailable() // 1/2
	rt.AdvanceProcessingTime(30 * time.Second)
	rt.AddRawPayloads("order_events", invalidOrder) // 1/1 alone, 2/3 with batch 0
	for _, wait := range []time.Duration{0, 31 * time.Second} {
		rt.AdvanceProcessingTime(wait)
		failsRejecting(t, rt, "invalid_ratio(order_events) > 0.6 over the micro-batches of the last 1m0s with value 0.6666666666666666", 1)
	}
	rt.Restart(testkit.WithPipeline(failingSliding(0.7)))
	rt.ProcessAllAvailable()
	testkit.Count(t, testkit.Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_events"), 2)
	rt.AddRawPayloads("order_events", validOrder) // at 61s: batch 0 (0s) out, 1/2
	rt.ProcessAllAvailable()
	if g := processedGates(t, rt, false, "rejected_order_events", 2, 1)[0]; g.Value != 0.5 {
		t.Errorf("batch 2: verdict %+v, want value 0.5", g)
	}
}
