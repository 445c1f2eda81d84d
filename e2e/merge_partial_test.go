package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/e2e/stack"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
	"github.com/etlgen/etlgen/testkit"
)

// paidOrder is an order-streaming payload of customer 7 on 2026-07-15.
func paidOrder(id, total, at string) string {
	return `{"event_id":"` + id + `","order_id":1,"customer_id":7,"order_total":` + total +
		`,"status":"paid","event_time":"2026-07-15T` + at + `Z"}`
}

// TestLiveMergePartialKeys (ETLGEN_STACK=1): the example's hourly windows
// (update mode) MERGEd into a table on customer_id alone, allowed by
// allow_partial_merge_keys. The generated program on Spark and the local
// engine must do what Delta's MERGE does: the first run inserts two windows
// of the customer, the second run's one updated window updates both rows
// (two identical rows), the third run's two updated windows fail with
// DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE and change
// nothing.
func TestLiveMergePartialKeys(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	stack.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	r := &sparkRunner{spark: stack.Spark(t), py: python(t)}
	db, dir := stack.Unique("mergep"), stack.TempDir(t)
	topic := db + "_orders"
	r.query(t, ctx, "CREATE DATABASE "+db)
	t.Cleanup(func() { _, _ = r.spark.Query(context.Background(), "DROP DATABASE IF EXISTS "+db+" CASCADE") })
	kafka := stack.NewKafka(t)
	kafka.CreateTopic(ctx, topic, 1)
	program := mergeProgram(t, db, topic, dir)
	local := testkit.Start(t, orderstreaming.Pipeline, testkit.ProfileYAML(`name: test
engine: local
test: true
execution: {mode: structured-streaming, trigger: {type: available-now}, checkpoint_root: "`+filepath.Join(dir, "local")+`"}
assets:
  order_events: {plugin: memory}
  customer_order_windows: {plugin: memory, write_mode: foreach-batch-merge, merge_keys: [customer_id], allow_partial_merge_keys: true}
  rejected_order_events: {plugin: memory}
  late_order_events: {plugin: memory}
`))
	window := func(hour, count, total, latest string) string {
		return fmt.Sprintf(`{"customer_id":7,"window_start":"2026-07-15T%s:00:00Z","window_end":"2026-07-15T%s:00:00Z","paid_order_count":%s,"paid_order_total":%s,"latest_event_time":"2026-07-15T%sZ"}`,
			hour, map[string]string{"10": "11", "11": "12"}[hour], count, total, latest)
	}
	c := windowContract(t)
	arrive := func(payloads ...string) (sparkErr string, localErr error) {
		var values [][]byte
		for _, p := range payloads {
			values = append(values, []byte(p))
			local.AddRawPayloads("order_events", []byte(p))
		}
		kafka.Produce(ctx, topic, values...)
		return runMerge(t, ctx, r.py, program), local.TryProcessAllAvailable()
	}
	runs := []struct {
		payloads []string
		want     []string // nil: the run fails and the table stays as it was
	}{
		{[]string{paidOrder("e1", "10.00", "10:05:00"), paidOrder("e2", "5.00", "11:05:00")},
			[]string{window("10", "1", "10.00", "10:05:00"), window("11", "1", "5.00", "11:05:00")}},
		{[]string{paidOrder("e3", "1.00", "11:10:00")},
			[]string{window("11", "2", "6.00", "11:10:00"), window("11", "2", "6.00", "11:10:00")}},
		{[]string{paidOrder("e4", "2.00", "11:20:00"), paidOrder("e5", "3.00", "12:05:00")}, nil},
	}
	var last []string
	for i, run := range runs {
		sparkErr, localErr := arrive(run.payloads...)
		if run.want == nil {
			if !strings.HasPrefix(sparkErr, "analysis-error: ") || !strings.Contains(sparkErr, "DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE") {
				t.Errorf("run %d on Spark: failure %q, want analysis-error with DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE", i+1, sparkErr)
			}
			if !errors.Is(localErr, localengine.ErrMultipleSourceRows) {
				t.Errorf("run %d on the local engine: error %v, want ErrMultipleSourceRows", i+1, localErr)
			}
			run.want = last
		} else if sparkErr != "" || localErr != nil {
			t.Fatalf("run %d: Spark %q, local engine %v", i+1, sparkErr, localErr)
		}
		remote := r.read(t, ctx, db+".windows", c)
		testkit.RowsEqual(t, run.want, remote)
		if diff := cmp.Diff(slices.Sorted(slices.Values(run.want)), slices.Sorted(slices.Values(local.TableJSON("customer_order_windows")))); diff != "" {
			t.Errorf("run %d: local engine (-want +got):\n%s", i+1, diff)
		}
		t.Logf("run %d: %d rows on both engines", i+1, len(remote))
		last = run.want
	}
}

// mergeProgram generates the example's program for the stack with the
// windows MERGEd on customer_id.
func mergeProgram(t *testing.T, db, topic, dir string) string {
	t.Helper()
	yaml := fmt.Sprintf(`name: mergep
engine: pyspark
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: %q
assets:
  order_events: {plugin: kafka-json, resource: k, topic: %s, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: %s.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id], allow_partial_merge_keys: true}
  rejected_order_events: {plugin: delta, table: %s.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: %s.late, write_mode: append}
resources:
  spark: {connect_url: %q, session_timezone: UTC, spark_version: %q}
  k: {kind: kafka, bootstrap_servers: %q}
`, filepath.Join(dir, "checkpoints"), topic, db, db, db, stack.SparkRemote(), stack.SparkLine(), stack.KafkaBootstrap())
	pf := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(pf, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(pf)
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	m, diags := planner.Plan(etl.DocumentOf(orderstreaming.Pipeline), prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "program")
	if err := pyspark.Write(out, files); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(out, pyspark.ProgramName(m.Pipelines[0].ID))
}

// runMerge runs the program to its end: "" when it finished, else its
// failure's code and message.
func runMerge(t *testing.T, ctx context.Context, py, program string) string {
	t.Helper()
	h, err := sparkrun.Run(ctx, program, sparkrun.RunOptions{Python: py})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Await(ctx)
	if err != nil && res == nil {
		t.Fatal(err)
	}
	if res.ExitCode == 0 && res.Status == "finished" {
		return ""
	}
	if res.Failure == nil {
		return fmt.Sprintf("exit %d", res.ExitCode)
	}
	return res.Failure.Code + ": " + res.Failure.Message
}

// windowContract is the example's window contract.
func windowContract(t *testing.T) *contracts.Contract {
	t.Helper()
	doc := etl.DocumentOf(orderstreaming.Pipeline)
	for i := range doc.Contracts {
		if doc.Contracts[i].ID == "customer-order-window" {
			return &doc.Contracts[i]
		}
	}
	t.Fatal("no contract customer-order-window")
	return nil
}
