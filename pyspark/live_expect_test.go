package pyspark_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/pyspark/events"
	expectations "github.com/etlgen/etlgen/pyspark/testdata/expectations"
	"github.com/etlgen/etlgen/sparkrun"
	"github.com/etlgen/etlgen/testkit"
)

// expectIR writes the IR of testdata/expectations with one more
// expectation on the valid orders, known_customer (customer_id <> 9), of
// the given action.
func expectIR(t *testing.T, dir, action string) string {
	t.Helper()
	return editedIR(t, filepath.Join("testdata", "expectations", "ir.json"), filepath.Join(dir, action+".ir.json"), func(doc *ir.Document) {
		nine := &ir.Expr{Kind: ir.ExprLiteral, Value: "9", Type: &contracts.Type{Kind: contracts.KindInt64}}
		doc.Pipelines[0].Expectations = append(doc.Pipelines[0].Expectations, ir.Expectation{Name: "known_customer",
			On: ir.Ref{Node: "order_events", Port: ir.PortValid}, Kind: ir.ExpectPredicate, Action: action,
			Predicate: &ir.Expr{Kind: ir.ExprCall, Name: string(ir.FuncNe), Args: []*ir.Expr{{Kind: ir.ExprColumn, Name: "customer_id"}, nine}}})
	})
}

// editedIR writes the IR of file src, changed by edit, to file dst and
// returns dst.
func editedIR(t *testing.T, src, dst string, edit func(*ir.Document)) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	edit(doc)
	out, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return dst
}

// expectCounts are a batch's expectation counts as NAME=PASSED/FAILED.
func expectCounts(b *events.Batch) []string {
	var out []string
	for _, e := range b.Expectations {
		out = append(out, e.Name+"="+strconv.FormatInt(e.Passed, 10)+"/"+strconv.FormatInt(e.Failed, 10))
	}
	return out
}

// TestLiveExpectations runs the expectations of testdata/expectations on
// the local engine (always) and on the stack over the same payloads: batch 0 counts
// the same rows on both (positive_total drops the order of no amount,
// recent warns about the order of 2019, counted sees every window), and
// writes the same windows. Then an expectation that fails the batch on an
// order of customer 9 stops it before its sink commits: the run fails with
// class expectation naming it and showing the row, nothing of the batch
// is written, no commits/N; with the expectation made to warn, the next
// run re-runs the batch from the offset log and commits it.
func TestLiveExpectations(t *testing.T) {
	t.Parallel() // its own topic, database and checkpoints
	irDir := t.TempDir()
	assets := func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}`)
	}
	batch0 := []string{order("x1", 7, "2026-07-15T10:05:00Z", "paid", "10.00"), order("x2", 7, "2026-07-15T10:10:00Z", "paid", "0.00"),
		order("x3", 8, "2019-12-31T23:00:00Z", "paid", "5.00"), `{"event_id":"bad-1"}`}
	want := []string{"positive_total=2/1", "recent=1/1", "counted=2/0"}

	// The local run writes the windows in update mode, as the Spark run's
	// MERGE does, so that counted sees the same windows in batch 0.
	rt := testkit.Start(t, expectations.Pipeline, testkit.ProfileYAML(fmt.Sprintf(`name: test
engine: local
test: true
execution: {mode: structured-streaming, trigger: {type: available-now}, checkpoint_root: %q}
assets:
  order_events: {plugin: memory}
  customer_order_windows: {plugin: memory, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: memory}
`, t.TempDir())))
	for _, p := range batch0 {
		rt.AddRawPayloads("order_events", []byte(p))
	}
	rt.ProcessAllAvailable()
	var local []string
	for _, p := range rt.Progress {
		if p.Query == "customer_order_windows" && p.BatchID == 0 {
			for _, e := range p.Expectations {
				local = append(local, e.Name+"="+strconv.FormatInt(e.Passed, 10)+"/"+strconv.FormatInt(e.Failed, 10))
			}
		}
	}
	if diff := cmp.Diff(want, local); diff != "" {
		t.Errorf("local engine batch 0 counts (-want +got):\n%s", diff)
	}

	s := startLiveWith(t, filepath.Join("testdata", "expectations", "ir.json"), assets)

	s.produce(batch0...)
	res, _ := s.run()
	b := batchOf(res, "customer_order_windows", 0)
	if b == nil {
		t.Fatal("no batch 0 of customer_order_windows")
	}
	if diff := cmp.Diff(want, expectCounts(b)); diff != "" {
		t.Errorf("Spark batch 0 counts (-want +got):\n%s", diff)
	}
	windows := []string{"7 2026-07-15 10:00:00 1 10.00", "8 2019-12-31 23:00:00 1 5.00"}
	if got := s.windows(); !cmp.Equal(got, windows) {
		t.Errorf("windows after batch 0 = %v, want %v", got, windows)
	}
	next := int64(0)
	for _, b := range res.Batches {
		if b.Query == "customer_order_windows" {
			next = max(next, b.BatchID+1)
		}
	}

	yaml, err := os.ReadFile(filepath.Join(s.dir, "profile.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	s.generate(expectIR(t, irDir, ir.ExpectFail), string(yaml))
	s.produce(order("x4", 9, "2026-07-15T10:30:00Z", "paid", "3.00"))
	failed, _, log := s.runProgram()
	if failed.ExitCode != sparkrun.ExitFailure || failed.Failure == nil || failed.Failure.Code != "expectation" ||
		!strings.Contains(failed.Failure.Message, "ETL-E751: expectation known_customer failed in query customer_order_windows") ||
		!strings.Contains(failed.Failure.Message, `"customer_id":9`) {
		t.Fatalf("run with an order of customer 9: exit %d, failure %+v (log %s); want exit 1, class expectation naming known_customer and the row", failed.ExitCode, failed.Failure, log)
	}
	_ = os.Remove(log)
	if got := s.windows(); !cmp.Equal(got, windows) {
		t.Errorf("windows after the failed batch = %v, want %v (unchanged)", got, windows)
	}
	if _, err := os.Stat(filepath.Join(s.checkpointOf("customer_order_windows"), "commits", strconv.FormatInt(next, 10))); err == nil {
		t.Errorf("batch %d committed although its expectation failed", next)
	}

	s.generate(expectIR(t, irDir, ir.ExpectWarn), string(yaml))
	res, _ = s.run()
	s.committed("customer_order_windows", next)
	if got, want := s.windows(), append(windows, "9 2026-07-15 10:00:00 1 3.00"); !cmp.Equal(got, want) {
		t.Errorf("windows after the re-run = %v, want %v", got, want)
	}
	if b := batchOf(res, "customer_order_windows", next); b != nil && b.Progress != "missing" {
		if diff := cmp.Diff([]string{"positive_total=1/0", "recent=1/0", "counted=1/0", "known_customer=0/1"}, expectCounts(b)); diff != "" {
			t.Errorf("batch %d counts after the re-run (-want +got):\n%s", next, diff)
		}
	}
}

// TestLiveExpectationFailsBeforeGate runs testdata/expect_quarantine
// without its quarantine (one stateless query, readings, checks
// not_frozen) and with a gate that fails the batch when a reading breaks
// not_frozen: Spark measures the gate in foreachBatch over the batch's
// Kafka range read again, before anything computed the query's rows, and
// must still fail the batch with the expectation (ETL-E751, not the gate's
// ETL-E750), as the local engine does (testkit's
// TestExpectationFailsBeforeGate). One run of the program.
func TestLiveExpectationFailsBeforeGate(t *testing.T) {
	t.Parallel() // its own topic, database and checkpoints
	irFile := editedIR(t, filepath.Join("testdata", "expect_quarantine", "ir.json"), filepath.Join(t.TempDir(), "ir.json"), func(doc *ir.Document) {
		pl := &doc.Pipelines[0]
		pl.Expectations = slices.DeleteFunc(pl.Expectations, func(e ir.Expectation) bool { return e.Action == ir.ExpectQuarantine })
		pl.Loads = slices.DeleteFunc(pl.Loads, func(l ir.Load) bool { return l.From.Port == ir.PortQuarantine })
		pl.Gates = append(pl.Gates, ir.Gate{Name: "frozen", Metric: ir.GateExpectFailed, Expectation: "not_frozen",
			Scope: ir.GateScopeBatch, Action: ir.GateFail})
	})
	s := startLiveWith(t, irFile, func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  readings_in: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  readings: {plugin: delta, table: `+s.db+`.readings, write_mode: append}
  rejected_readings: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}`)
	})
	s.produce(reading("f1", "a", 20, 50), reading("f2", "b", -90, 50))
	failed, _, log := s.runProgram()
	if failed.ExitCode != sparkrun.ExitFailure || failed.Failure == nil || failed.Failure.Code != "expectation" ||
		!strings.Contains(failed.Failure.Message, "ETL-E751: expectation not_frozen failed in query readings") {
		t.Fatalf("run with a frozen reading: exit %d, failure %+v (log %s); want exit 1, class expectation naming not_frozen", failed.ExitCode, failed.Failure, log)
	}
	_ = os.Remove(log)
}
