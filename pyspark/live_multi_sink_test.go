package pyspark_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestLiveMultiSink runs the multi_sink case on the stack: the windows
// MERGEd into Delta and produced to a Kafka topic, the rejected events
// appended to two Delta tables. The program runs one streaming query per
// stream (the hosted loads have no batches of their own), both sinks of a
// stream get the same rows, and a batch re-run from the offset log writes
// neither Delta table twice (each write has its own txnAppId).
func TestLiveMultiSink(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	var feed string
	s := startLiveWith(t, filepath.Join("testdata", "multi_sink", "ir.json"), func(s *liveStack) string {
		feed = s.topic + "-feed"
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end], output_mode: append}
  customer_order_window_feed: {plugin: kafka-json, resource: k, topic: `+feed+`, key: [customer_id, window_start]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  rejected_order_audit: {plugin: delta, table: `+s.db+`.audit, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	s.produce(order("m1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("m2", 8, "2026-07-15T10:10:00Z", "paid", "12.50"),
		"not json", order("m3", 7, "2026-07-15T11:30:00Z", "paid", "3.00"), `{"event_id":"m4"}`,
		order("m5", 1, "2026-07-15T13:00:00Z", "paid", "1.00"))
	audit := func() []string {
		return s.rowsOf("SELECT concat_ws(' ', reason_code, source_offset) AS k FROM " + s.db + ".audit")
	}
	wantWindows := []string{"7 2026-07-15 10:00:00 1 10.00", "7 2026-07-15 11:00:00 1 3.00", "8 2026-07-15 10:00:00 1 12.50"}
	res, _ := s.run()
	ran := map[string]bool{}
	for _, b := range res.Batches {
		ran[b.Query] = true
	}
	if want := map[string]bool{"customer_order_windows": true, "rejected_order_events": true}; !cmp.Equal(ran, want) {
		t.Errorf("queries with batches = %v, want %v: a hosted load runs no query of its own", ran, want)
	}
	if got := s.windows(); !cmp.Equal(got, wantWindows) {
		t.Errorf("windows = %v, want %v", got, wantWindows)
	}
	rejected := s.rejected()
	if len(rejected) != 2 {
		t.Fatalf("rejected = %v, want the 2 invalid payloads", rejected)
	}
	if got := audit(); !cmp.Equal(got, rejected) {
		t.Errorf("audit = %v, want the rejected rows %v", got, rejected)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	records := readTopic(ctx, t, feed, len(wantWindows))
	if len(records) != len(wantWindows) {
		t.Errorf("feed records = %v, want one per window (%d)", records, len(wantWindows))
	}

	last := int64(-1)
	for _, b := range res.Batches {
		if b.Query == "rejected_order_events" && b.OutputRows != nil && *b.OutputRows > 0 {
			last = max(last, b.BatchID)
		}
	}
	s.forgetCommits("rejected_order_events", last)
	s.run()
	s.committed("rejected_order_events", last)
	if got, got2 := s.rejected(), audit(); !cmp.Equal(got, rejected) || !cmp.Equal(got2, rejected) {
		t.Errorf("after the batch re-ran: rejected = %v, audit = %v, want %v in each (written once)", got, got2, rejected)
	}
}
