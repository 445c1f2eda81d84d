package pyspark_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestLiveRollingGate runs a rolling invalid-ratio gate over the last 2
// micro-batches on the stack, with the numbers the local engine computes
// (testkit's TestRollingGate): batch 0 (1 of 4 invalid) gives 0.25 and
// passes; batch 1, in the next run (a restart), 1 of 2 invalid, gives the
// two batches' 2/6, breached, though its own 1/2 would be too: the parts of
// batch 0 were kept beside the checkpoint. In a third run batch 1 re-runs
// from the offset log (its commit forgotten) and keeps its parts once, and
// batch 2, of 2 valid events, gives (1+0)/(2+2) = 0.25 over batches 1 and 2.
// Two sliding gates of the same query (testkit's TestSlidingGate) measure
// the batches by their trigger time (batchTimestampMs): over the last hour
// every batch counts (batch 1: 2/6, batch 2: 2/8), over the last
// millisecond only the current one (each run starts a batch later: 1/2,
// then 0/2). Three available-now runs.
func TestLiveRollingGate(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	s := startLiveWith(t, orderGatesIR(t, t.TempDir(), ir.Gate{Name: "invalid-last-2", Metric: ir.GateInvalidRatio, Source: "order_events",
		Threshold: 0.3, Scope: ir.GateScopeLastBatches, Batches: 2, Action: ir.GateWarn},
		ir.Gate{Name: "invalid-last-hour", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.3, Scope: ir.GateScopeLastInterval, Interval: "1h0m0s", Action: ir.GateWarn},
		ir.Gate{Name: "invalid-last-ms", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.3, Scope: ir.GateScopeLastInterval, Interval: "1ms", Action: ir.GateWarn}), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	const q = "rejected_order_events" // stateless: no no-data batches
	s.produce(order("r1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("r2", 7, "2026-07-15T10:10:00Z", "paid", "20.00"),
		order("r3", 7, "2026-07-15T10:20:00Z", "paid", "30.00"), `{"event_id":"bad-1"}`)
	res, _ := s.run()
	if diff := cmp.Diff([]string{"invalid-last-2=0.25", "invalid-last-hour=0.25", "invalid-last-ms=0.25"}, gateValues(t, res, q, 0)); diff != "" {
		t.Errorf("batch 0 gates (-want +got):\n%s", diff)
	}
	s.produce(order("r4", 8, "2026-07-15T10:30:00Z", "paid", "5.00"), `not json`)
	res, _ = s.run()
	if diff := cmp.Diff([]string{"invalid-last-2=0.3333333333333333 breached", "invalid-last-hour=0.3333333333333333 breached", "invalid-last-ms=0.5 breached"}, gateValues(t, res, q, 1)); diff != "" {
		t.Errorf("batch 1 gates (-want +got):\n%s", diff)
	}
	s.forgetCommits(q, 1)
	s.produce(order("r5", 8, "2026-07-15T10:31:00Z", "paid", "5.00"), order("r6", 8, "2026-07-15T10:32:00Z", "paid", "5.00"))
	res, _ = s.run() // batch 1 again from its logged offsets, then batch 2
	s.committed(q, 1)
	if diff := cmp.Diff([]string{"invalid-last-2=0.25", "invalid-last-hour=0.25", "invalid-last-ms=0"}, gateValues(t, res, q, 2)); diff != "" {
		t.Errorf("batch 2 gates (-want +got):\n%s", diff)
	}
}
