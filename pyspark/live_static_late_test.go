package pyspark_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLiveStaticJoinLate routes late events next to a static table on the
// stack (testdata/static_join_late): the stateless paid-orders step feeds
// segment-windows, which joins the static Delta customer table before its
// windowed aggregation. Two available-now runs on one checkpoint; between
// them customer 3 joins the table. Run 2's late events are recomputed from
// the re-read Kafka range through paid-orders, joined with the table read
// in full: they reach the late table with their segment (bronze: the table
// as the batch read it), a cancelled late event is not one (paid-orders
// drops it), and every paid event is in a window or in the late table.
func TestLiveStaticJoinLate(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	s := startLiveWith(t, filepath.Join("testdata", "static_join_late", "ir.json"), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customers: {plugin: delta, table: `+s.db+`.customers}
  segment_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_orders: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	s.query("CREATE SCHEMA IF NOT EXISTS "+s.db,
		"CREATE TABLE "+s.db+".customers (customer_id BIGINT, segment STRING) USING delta",
		"INSERT INTO "+s.db+".customers VALUES (1, 'gold'), (2, 'silver')")
	windows := func() []string {
		return s.rowsOf("SELECT concat_ws(' ', segment, date_format(window_start, 'HH:mm'), order_count, order_total) AS k FROM " + s.db + ".windows")
	}

	// Run 1: the watermark is 11:35 afterwards (11:50 - 15m).
	s.produce(order("a1", 1, "2026-07-15T10:05:00Z", "paid", "10.50"), order("a2", 2, "2026-07-15T10:10:00Z", "paid", "20.00"),
		order("a3", 1, "2026-07-15T11:50:00Z", "paid", "5.25"), order("a4", 9, "2026-07-15T10:30:00Z", "cancelled", "1.00"), "not json")
	s.run()
	if diff := cmp.Diff([]string{"gold 10:00 1 10.50", "gold 11:00 1 5.25", "silver 10:00 1 20.00"}, windows()); diff != "" {
		t.Errorf("windows after run 1 (-want +got):\n%s", diff)
	}

	// Run 2: b1 and b2 fall in windows that ended at or before 11:35; b4
	// too but it is cancelled: paid-orders drops it before the windows.
	s.query("INSERT INTO " + s.db + ".customers VALUES (3, 'bronze')")
	s.produce(order("b1", 1, "2026-07-15T09:10:00Z", "paid", "3.00"), order("b2", 3, "2026-07-15T10:20:00Z", "paid", "4.00"),
		order("b3", 2, "2026-07-15T11:55:00Z", "paid", "7.00"), order("b4", 2, "2026-07-15T10:40:00Z", "cancelled", "2.00"))
	res, _ := s.run()
	dropped, late, input, _ := sums(res, "segment_windows")
	if input != 4 || dropped != 2 || late != 2 {
		t.Errorf("run 2: read %d rows, Spark dropped %d, late output got %d; want 4, 2, 2", input, dropped, late)
	}
	want := []string{"b1 1 gold 3.00 2026-07-15 11:35:00 BEHIND_WATERMARK", "b2 3 bronze 4.00 2026-07-15 11:35:00 BEHIND_WATERMARK"}
	got := s.rowsOf("SELECT concat_ws(' ', event.event_id, event.customer_id, event.segment, event.order_total, date_format(watermark_at_arrival, 'yyyy-MM-dd HH:mm:ss'), reason_code) AS k FROM " + s.db + ".late")
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("late table (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"gold 10:00 1 10.50", "gold 11:00 1 5.25", "silver 10:00 1 20.00", "silver 11:00 1 7.00"}, windows()); diff != "" {
		t.Errorf("windows after run 2 (-want +got):\n%s", diff)
	}
	// nothing lost: the six paid events are four in windows, two late
	if n := s.rowsOf("SELECT (SELECT sum(order_count) FROM " + s.db + ".windows) + (SELECT count(*) FROM " + s.db + ".late) AS k"); n[0] != "6" {
		t.Errorf("paid events in windows or late: %s, want 6", n[0])
	}

	// Run 3: a customer row that breaks the contract (customer_id gt=0)
	// fails the batch, as on the local engine (localengine.StaticRowError):
	// never joined, never dropped silently. Run 4, the row deleted, re-runs
	// the batch and counts its event.
	s.query("INSERT INTO " + s.db + ".customers VALUES (0, 'tin')")
	s.produce(order("c1", 2, "2026-07-15T12:05:00Z", "paid", "1.00"))
	res, _, log := s.runProgram()
	if f := res.Failure; res.Status != "failed" || f == nil || f.Code != "invalid-static-row" ||
		!strings.Contains(f.Message, "[ETLGEN_INVALID_STATIC_ROW] static table customers has a row that breaks contract segment-customer: OUT_OF_RANGE at \"customer_id\"") {
		t.Errorf("run 3 with an invalid customer row: status %s, failure %+v (program log %s); want failed, invalid-static-row", res.Status, f, log)
	}
	s.query("DELETE FROM " + s.db + ".customers WHERE customer_id = 0")
	s.run()
	if diff := cmp.Diff([]string{"gold 10:00 1 10.50", "gold 11:00 1 5.25", "silver 10:00 1 20.00", "silver 11:00 1 7.00", "silver 12:00 1 1.00"}, windows()); diff != "" {
		t.Errorf("windows after run 4 (-want +got):\n%s", diff)
	}
}

// TestLiveStaticFileJoin binds the static customer table to file-json: the
// program reads every file of the directory at every micro-batch
// (spark.read of the text files, validated against the contract), so a
// file added between runs counts from the next batch, and a line that
// breaks the contract fails the batch as on the local engine.
func TestLiveStaticFileJoin(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	dim := t.TempDir()
	s := startLiveWith(t, filepath.Join("testdata", "static_join_late", "ir.json"), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customers: {plugin: file-json, path: `+strconv.Quote(dim)+`}
  segment_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_orders: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	s.query("CREATE SCHEMA IF NOT EXISTS " + s.db)
	write := func(name, lines string) {
		if err := os.WriteFile(filepath.Join(dim, name), []byte(lines), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	windows := func() []string {
		return s.rowsOf("SELECT concat_ws(' ', segment, date_format(window_start, 'HH:mm'), order_count) AS k FROM " + s.db + ".windows")
	}
	write("a.jsonl", `{"customer_id":1,"segment":"gold"}`+"\n")
	s.produce(order("a1", 1, "2026-07-15T10:05:00Z", "paid", "10.50"), order("a2", 2, "2026-07-15T10:10:00Z", "paid", "20.00"))
	s.run()
	if diff := cmp.Diff([]string{"gold 10:00 1", "unknown 10:00 1"}, windows()); diff != "" {
		t.Errorf("windows after run 1 (-want +got):\n%s", diff)
	}
	write("b.jsonl", `{"customer_id":2,"segment":"silver"}`+"\n"+`{"customer_id":-3,"segment":"tin"}`+"\n")
	s.produce(order("b1", 2, "2026-07-15T10:20:00Z", "paid", "1.00"))
	res, _, log := s.runProgram()
	if f := res.Failure; res.Status != "failed" || f == nil || f.Code != "invalid-static-row" {
		t.Errorf("run 2 with an invalid line: status %s, failure %+v (program log %s); want failed, invalid-static-row", res.Status, f, log)
	}
	write("b.jsonl", `{"customer_id":2,"segment":"silver"}`+"\n")
	s.run()
	if diff := cmp.Diff([]string{"gold 10:00 1", "silver 10:00 1", "unknown 10:00 1"}, windows()); diff != "" {
		t.Errorf("windows after run 3 (-want +got):\n%s", diff)
	}
}
