package pyspark_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// gatesIR writes the order-streaming IR with two invalid-ratio gates of
// order_events: one warning above 0.1, one failing above failAbove.
func gatesIR(t *testing.T, dir string, failAbove float64) string {
	t.Helper()
	return orderGatesIR(t, dir,
		ir.Gate{Name: "invalid-warn", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: 0.1, Scope: ir.GateScopeBatch, Action: ir.GateWarn},
		ir.Gate{Name: "invalid-fail", Metric: ir.GateInvalidRatio, Source: "order_events", Threshold: failAbove, Scope: ir.GateScopeBatch, Action: ir.GateFail})
}

// orderGatesIR writes the order-streaming IR with gates to dir/ir.json.
func orderGatesIR(t *testing.T, dir string, gates ...ir.Gate) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "order-streaming.ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	doc.Pipelines[0].Gates = gates
	out, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "ir.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// gateValues are the gate verdicts of a query's batch n as name=value/breached.
func gateValues(t *testing.T, res *sparkrun.Result, query string, n int64) []string {
	t.Helper()
	b := batchOf(res, query, n)
	if b == nil {
		t.Fatalf("no batch %d of %s", n, query)
	}
	var out []string
	for _, g := range b.Gates {
		v := ir.FormatThreshold(g.Value)
		if g.Breached {
			v += " breached"
		}
		out = append(out, g.Name+"="+v)
	}
	return out
}

// TestLiveQualityGates runs two invalid-ratio gates on the stack, each
// measured in the foreachBatch of both queries reading order_events (the
// windows MERGE and the rejected append), with the numbers the local
// engine computes (TestGateValues, TestGateFail): a batch of 3 valid and 1
// invalid events warns (0.25 > 0.1) and commits; a batch of 1 valid and 3
// invalid (0.75 > 0.5) fails before its sinks commit: the run fails with
// class quality-gate naming the gate, nothing of the batch is written, no
// commits/1; a run with the fail gate loosened to 0.8 re-runs batch 1 from
// the offset log and commits it.
func TestLiveQualityGates(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	irDir := t.TempDir()
	s := startLiveWith(t, gatesIR(t, irDir, 0.5), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	yaml, err := os.ReadFile(filepath.Join(s.dir, "profile.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	queries := []string{"customer_order_windows", "rejected_order_events"}

	// Batch 0: 1 of 4 invalid → warn, committed.
	s.produce(order("g1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("g2", 7, "2026-07-15T10:10:00Z", "paid", "20.00"),
		order("g3", 7, "2026-07-15T10:20:00Z", "paid", "30.00"), `{"event_id":"bad-1"}`)
	res, _ := s.run()
	// A stateful query may run a no-data batch after its data (the
	// watermark moved): the batch that fails is the one after the last.
	next := map[string]int64{}
	for _, b := range res.Batches {
		next[b.Query] = max(next[b.Query], b.BatchID+1)
	}
	for _, q := range queries {
		if diff := cmp.Diff([]string{"invalid-warn=0.25 breached", "invalid-fail=0.25"}, gateValues(t, res, q, 0)); diff != "" {
			t.Errorf("%s batch 0 gates (-want +got):\n%s", q, diff)
		}
	}
	if got, want := s.windows(), []string{"7 2026-07-15 10:00:00 3 60.00"}; !cmp.Equal(got, want) {
		t.Errorf("windows after batch 0 = %v, want %v", got, want)
	}
	if got := s.rejected(); len(got) != 1 {
		t.Errorf("rejected after batch 0 = %v, want 1 row", got)
	}

	// Batch 1: 3 of 4 invalid → fail before the sinks commit.
	s.produce(order("g4", 8, "2026-07-15T10:30:00Z", "paid", "5.00"), `{"event_id":"bad-2"}`, `not json`, `{"event_id":"bad-3","order_id":-1}`)
	failThenLoosen(t, s, irDir, string(yaml), queries, next)
}

// windowGatesIR writes the IR of testdata/gates_windows with the action of
// its customers-per-window gate set to action.
func windowGatesIR(t *testing.T, dir, action string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "gates_windows", "ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	doc.Pipelines[0].Gates[0].Action = action
	out, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, action+".ir.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLiveWindowGates runs the per-window gates of testdata/gates_windows
// on the stack with the events and the verdicts of the local engine's
// TestWindowGate and TestWindowGateFail (examples/order-streaming): the
// batch that writes the final 10:00 window (3 customers) and 11:00 window
// (1 customer) fails before the MERGE, naming the 11:00 window, and writes
// nothing; with the gate made to warn, the batch re-runs from the offset
// log, the verdict is the same, and both windows are written.
func TestLiveWindowGates(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	irDir := t.TempDir()
	assets := func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end], output_mode: append}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	}
	s := startLiveWith(t, windowGatesIR(t, irDir, ir.GateFail), assets)
	s.produce(order("w1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("w2", 8, "2026-07-15T10:10:00Z", "paid", "10.00"),
		order("w3", 9, "2026-07-15T10:50:00Z", "paid", "10.00"), order("w4", 7, "2026-07-15T11:30:00Z", "paid", "10.00"),
		order("w5", 1, "2026-07-15T13:00:00Z", "paid", "10.00"))
	failed, _, log := s.runProgram()
	want := "rows(customer_order_windows) < 2 in an event-time window with value 1 in 1 of 2 windows starting 2026-07-15T11:00:00Z; the batch did not commit"
	if failed.ExitCode != sparkrun.ExitFailure || failed.Failure == nil || failed.Failure.Code != "quality-gate" ||
		!strings.Contains(failed.Failure.Message, want) {
		t.Fatalf("run with a thin window: exit %d, failure %+v (log %s); want exit 1, quality-gate saying %q", failed.ExitCode, failed.Failure, log, want)
	}
	_ = os.Remove(log)
	if got := s.windows(); len(got) != 0 {
		t.Errorf("windows after the failed batch = %v, want none", got)
	}

	yaml, err := os.ReadFile(filepath.Join(s.dir, "profile.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s.generate(windowGatesIR(t, irDir, ir.GateWarn), string(yaml))
	res, _ := s.run()
	var got []events.GateLine
	for _, b := range res.Batches {
		if b.Query == "customer_order_windows" && len(b.Gates) > 0 && b.Gates[0].Windows > 0 {
			got = append(got, b.Gates...)
		}
	}
	want2 := []events.GateLine{
		{Name: "customers-per-window", Condition: "rows(customer_order_windows) < 2 in an event-time window",
			Action: ir.GateWarn, Value: 1, Breached: true, Windows: 2, WindowsBreached: 1, BreachedWindows: []string{"2026-07-15T11:00:00Z"}},
		{Name: "window-times", Condition: "null_ratio(customer_order_windows.latest_event_time) > 0.5 in an event-time window",
			Action: ir.GateWarn, Value: 0, Windows: 2},
	}
	if diff := cmp.Diff(want2, got); diff != "" {
		t.Errorf("verdicts of the batch writing windows after the re-run (-want +got):\n%s", diff)
	}
	// append: the 13:00 window is not final (watermark 12:45)
	if got, want := s.windows(), []string{"7 2026-07-15 10:00:00 1 10.00", "7 2026-07-15 11:00:00 1 10.00",
		"8 2026-07-15 10:00:00 1 10.00", "9 2026-07-15 10:00:00 1 10.00"}; !cmp.Equal(got, want) {
		t.Errorf("windows after the re-run = %v, want %v", got, want)
	}
}

// TestLiveQuarantineGate runs the quarantine gate of
// testdata/gates_quarantine on the stack, its output an append table, with
// the events and the rows of the local engine's TestWindowGateQuarantine
// (examples/order-streaming): the 11:00 window (1 customer, below 2) goes to
// the output, the 10:00 window to the windows table, in the same batch; a
// re-run of that batch from the offset log writes neither again (the
// output's own txnAppId). Its per-window gate that warns is in the batch
// line of a batch that is not a replay.
func TestLiveQuarantineGate(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	s := startLiveWith(t, filepath.Join("testdata", "gates_quarantine", "ir.json"), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end], output_mode: append}
  sparse_order_windows: {plugin: delta, table: `+s.db+`.sparse, write_mode: append}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	s.produce(order("w1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("w2", 8, "2026-07-15T10:10:00Z", "paid", "10.00"),
		order("w3", 9, "2026-07-15T10:50:00Z", "paid", "10.00"), order("w4", 7, "2026-07-15T11:30:00Z", "paid", "10.00"),
		order("w5", 1, "2026-07-15T13:00:00Z", "paid", "10.00"))
	sparse := func() []string {
		return s.rowsOf("SELECT concat_ws(' ', customer_id, date_format(window_start, 'yyyy-MM-dd HH:mm:ss'), paid_order_count, paid_order_total) AS k FROM " + s.db + ".sparse")
	}
	kept := []string{"7 2026-07-15 10:00:00 1 10.00", "8 2026-07-15 10:00:00 1 10.00", "9 2026-07-15 10:00:00 1 10.00"}
	diverted := []string{"7 2026-07-15 11:00:00 1 10.00"}
	check := func(when string) {
		t.Helper()
		if got := s.windows(); !cmp.Equal(got, kept) {
			t.Errorf("windows %s = %v, want %v", when, got, kept)
		}
		if got := sparse(); !cmp.Equal(got, diverted) {
			t.Errorf("sparse_order_windows %s = %v, want %v", when, got, diverted)
		}
	}
	res, _ := s.run()
	gated := int64(-1)
	for _, b := range res.Batches {
		if b.Query != "customer_order_windows" || len(b.Gates) == 0 || b.Gates[0].Windows == 0 {
			continue
		}
		gated = b.BatchID
		want := []events.GateLine{{Name: "customers-per-window", Condition: "rows(customer_order_windows) < 2 in an event-time window",
			Action: ir.GateQuarantine, Value: 1, Breached: true, Windows: 2, WindowsBreached: 1,
			BreachedWindows: []string{"2026-07-15T11:00:00Z"}, Quarantined: 1},
			{Name: "window-times", Condition: "null_ratio(customer_order_windows.latest_event_time) > 0.5 in an event-time window",
				Action: ir.GateWarn, Windows: 2}}
		if diff := cmp.Diff(want, b.Gates); diff != "" {
			t.Errorf("batch %d verdict (-want +got):\n%s", b.BatchID, diff)
		}
	}
	if gated < 0 {
		t.Fatalf("no batch of customer_order_windows measured a window: %+v", res.Batches)
	}
	check("after the run")

	s.forgetCommits("customer_order_windows", gated)
	s.run()
	s.committed("customer_order_windows", gated)
	check("after the batch re-ran")
}

// TestLiveQualityGatesFiles is TestLiveQualityGates on a file-json source
// (one file per micro-batch): the failing invalid-ratio gate reads the
// batch's files again from the query's file-source log. A file of 3 valid
// and 1 invalid events warns (0.25 > 0.1) and commits; a file of 1 valid
// and 3 invalid (0.75 > 0.5) fails before the sinks commit; with the gate
// loosened to 0.8 the batch re-runs and commits.
func TestLiveQualityGatesFiles(t *testing.T) {
	t.Parallel() // its own directory, database and checkpoints
	irDir, events := t.TempDir(), t.TempDir()
	s := startLiveWith(t, gatesIR(t, irDir, 0.5), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: file-json, path: `+events+`, max_files_per_trigger: 1}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	yaml, err := os.ReadFile(filepath.Join(s.dir, "profile.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	mtime := time.Now().Add(-time.Hour)
	write := func(name string, lines ...string) {
		t.Helper()
		p := filepath.Join(events, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mtime = mtime.Add(time.Second) // read oldest first
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}
	queries := []string{"customer_order_windows", "rejected_order_events"}
	write("f00.json", order("g1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("g2", 7, "2026-07-15T10:10:00Z", "paid", "20.00"),
		order("g3", 7, "2026-07-15T10:20:00Z", "paid", "30.00"), `{"event_id":"bad-1"}`)
	res, _ := s.run()
	next := map[string]int64{}
	for _, b := range res.Batches {
		next[b.Query] = max(next[b.Query], b.BatchID+1)
	}
	for _, q := range queries {
		if diff := cmp.Diff([]string{"invalid-warn=0.25 breached", "invalid-fail=0.25"}, gateValues(t, res, q, 0)); diff != "" {
			t.Errorf("%s batch 0 gates (-want +got):\n%s", q, diff)
		}
	}

	write("f01.json", order("g4", 8, "2026-07-15T10:30:00Z", "paid", "5.00"), `{"event_id":"bad-2"}`, `not json`, `{"event_id":"bad-3","order_id":-1}`)
	failThenLoosen(t, s, irDir, string(yaml), queries, next)
}

// failThenLoosen is the second half of the invalid-ratio gate tests: batch
// next[q] (1 valid and 3 invalid events, produced) fails its gate before the
// sinks commit, naming it, and writes nothing, no commits/N; with the gate
// loosened to 0.8 the batch re-runs from the offset log and commits, each
// row once.
func failThenLoosen(t *testing.T, s *liveStack, irDir, yaml string, queries []string, next map[string]int64) {
	t.Helper()
	failed, _, log := s.runProgram()
	if failed.ExitCode != sparkrun.ExitFailure || failed.Failure == nil || failed.Failure.Code != "quality-gate" ||
		!strings.Contains(failed.Failure.Message, "invalid-fail") || !strings.Contains(failed.Failure.Message, "ETL-E750") ||
		!strings.Contains(failed.Failure.Message, "with value 0.75") {
		t.Fatalf("run with 3 of 4 invalid: exit %d, failure %+v (log %s); want exit 1, quality-gate naming invalid-fail at 0.75", failed.ExitCode, failed.Failure, log)
	}
	_ = os.Remove(log)
	if got, want := s.windows(), []string{"7 2026-07-15 10:00:00 3 60.00"}; !cmp.Equal(got, want) {
		t.Errorf("windows after the failed batch = %v, want %v (unchanged)", got, want)
	}
	if got := s.rejected(); len(got) != 1 {
		t.Errorf("rejected after the failed batch = %v, want the 1 row of batch 0", got)
	}
	for _, q := range queries {
		if _, err := os.Stat(filepath.Join(s.checkpointOf(q), "commits", strconv.FormatInt(next[q], 10))); err == nil {
			t.Errorf("%s: batch %d committed although its gate failed", q, next[q])
		}
	}

	s.generate(gatesIR(t, irDir, 0.8), yaml)
	res, _ := s.run()
	for _, q := range queries {
		if diff := cmp.Diff([]string{"invalid-warn=0.75 breached", "invalid-fail=0.75"}, gateValues(t, res, q, next[q])); diff != "" {
			t.Errorf("%s batch %d gates after loosening (-want +got):\n%s", q, next[q], diff)
		}
		s.committed(q, next[q])
	}
	if got, want := s.windows(), []string{"7 2026-07-15 10:00:00 3 60.00", "8 2026-07-15 10:00:00 1 5.00"}; !cmp.Equal(got, want) {
		t.Errorf("windows after the re-run = %v, want %v", got, want)
	}
	if got := s.rejected(); len(got) != 4 {
		t.Errorf("rejected after the re-run = %v, want 4 rows (each once)", got)
	}
}
