package pyspark_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// liveStack is a generated program of the order-streaming example bound to
// the running stack (scripts/stack.sh) with a topic, a database and a
// checkpoint root of its own.
type liveStack struct {
	t          *testing.T
	py         string
	dir        string // programs
	topic, db  string
	checkpoint string   // checkpoint root
	env        []string // added to the program's environment (KEY=VALUE)
	model      *planner.Model
	program    string       // the program of the model's first pipeline
	sparkConf  string       // the spark resource's conf, a YAML flow map ("" for none)
	q          *querier     // the test's query.py process (query)
	kafka      *stack.Kafka // the test's Kafka client (produce)
}

func startLive(t *testing.T, trigger string) *liveStack {
	t.Helper()
	return startLiveWith(t, filepath.Join("testdata", "order-streaming.ir.json"), func(s *liveStack) string {
		return s.profile(trigger, `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
}

// profile is a test profile on the stack: the trigger, the stack's
// checkpoint root, the assets (YAML lines under `assets:`), the spark
// resource (with s.sparkConf) and, when an asset names it (resource: k),
// the Kafka resource k.
func (s *liveStack) profile(trigger, assets string) string {
	yaml := fmt.Sprintf(`name: live
engine: pyspark
test: true
execution:
  mode: structured-streaming
  trigger: %s
  checkpoint_root: %s
assets:%s
resources:
  spark: {connect_url: %q, session_timezone: UTC, spark_version: %q}
`, trigger, s.checkpoint, assets, stack.SparkRemote(), stack.SparkLine())
	if s.sparkConf != "" {
		yaml = strings.Replace(yaml, "session_timezone: UTC,", "session_timezone: UTC, conf: "+s.sparkConf+",", 1)
	}
	if strings.Contains(assets, "resource: k,") {
		yaml += fmt.Sprintf("  k: {kind: kafka, bootstrap_servers: %q}\n", stack.KafkaBootstrap())
	}
	return yaml
}

// startLiveWith generates the program of an IR file with the profile
// profileYAML returns for the stack's topic, database and checkpoint.
func startLiveWith(t *testing.T, irFile string, profileYAML func(*liveStack) string) *liveStack {
	t.Helper()
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 to run against the stack (scripts/stack.sh up)")
	}
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	id := fmt.Sprintf("%d%04d", time.Now().Unix()%100000, rand.IntN(10000))
	s := &liveStack{t: t, py: py, dir: stack.TempDir(t), topic: "etlgen-live-" + id, db: "etlgen_live_" + id}
	s.checkpoint, err = os.MkdirTemp("", "etlgen-live-cp-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.closeQuery) // after the DROP below (cleanups run last first)
	t.Cleanup(func() {
		s.query("DROP SCHEMA IF EXISTS " + s.db + " CASCADE")
		_ = os.RemoveAll(s.checkpoint)
	})
	s.generate(irFile, profileYAML(s))
	return s
}

func (s *liveStack) generate(irFile, yaml string) {
	t := s.t
	pf := filepath.Join(s.dir, "profile.yaml")
	if err := os.WriteFile(pf, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(irFile)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(pf)
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	m, diags := planner.Plan(doc, prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	s.model, s.program = m, filepath.Join(s.dir, pyspark.ProgramName(m.Pipelines[0].ID))
	files, err := pyspark.Generate(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := pyspark.Write(s.dir, files); err != nil {
		t.Fatal(err)
	}
}

// run runs the program to its end (available-now) and returns the result
// and its start line.
func (s *liveStack) run() (*sparkrun.Result, map[string]string) {
	s.t.Helper()
	res, starts, log := s.runProgram()
	// On a loaded machine the server's Python worker for foreachBatch may
	// not connect back in time when a query starts: no batch ran, so the
	// run is tried again (as e2e's runners do).
	for attempt := 1; attempt < 3 && len(res.Batches) == 0 && res.Failure != nil &&
		strings.Contains(res.Failure.Message, "Python worker failed to connect back"); attempt++ {
		s.t.Logf("attempt %d: the foreachBatch Python worker did not connect back in time; retrying", attempt)
		res, starts, log = s.runProgram()
	}
	if res.ExitCode != 0 || res.Status != "finished" {
		msg := ""
		if res.Failure != nil {
			msg = res.Failure.Code + ": " + head(res.Failure.Message)
		}
		s.t.Fatalf("run: exit %d, status %s (program log %s): %s", res.ExitCode, res.Status, log, msg)
	}
	_ = os.Remove(log)
	return res, starts
}

// runProgram runs the program available-now to its end, whatever its
// outcome: the result, each query's start, and the program log's path.
func (s *liveStack) runProgram() (*sparkrun.Result, map[string]string, string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	starts := map[string]string{}
	logf, err := os.CreateTemp("", "etlgen-live-*.log")
	if err != nil {
		s.t.Fatal(err)
	}
	defer logf.Close()
	h, err := sparkrun.Run(ctx, s.program, sparkrun.RunOptions{Python: s.py, Stderr: logf, Env: s.env,
		OnEvent: func(ev events.Event) {
			if ev.Kind != "start" {
				return
			}
			var st struct {
				Queries []struct{ Name, Start string }
			}
			_ = json.Unmarshal(ev.Raw, &st)
			for _, q := range st.Queries {
				starts[q.Name] = q.Start
			}
		}})
	if err != nil {
		s.t.Fatal(err)
	}
	res, err := h.Await(ctx)
	if err != nil {
		s.t.Fatal(err)
	}
	return res, starts, logf.Name()
}

func head(s string) string {
	if i := strings.Index(s, "=== Streaming Query ==="); i > 0 {
		s = s[:i]
	}
	if len(s) > 3000 {
		s = s[:3000]
	}
	return s
}

func tail(b []byte) string {
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}

func order(id string, customer int, at, status, total string) string {
	return fmt.Sprintf(`{"event_id":%q,"order_id":%d,"customer_id":%d,"order_total":%s,"status":%q,"event_time":%q}`,
		id, 1000+customer, customer, total, status, at)
}

func sums(res *sparkrun.Result, query string) (dropped, late, input int64, lastData int64) {
	lastData = -1
	for _, b := range res.Batches {
		if b.Query != query {
			continue
		}
		dropped += b.DroppedByWatermark
		input += b.InputRows
		if b.LateRows != nil {
			late += *b.LateRows
		}
		if b.InputRows > 0 {
			lastData = b.BatchID
		}
	}
	return
}

// batchOf returns the batch line of a query's batch n, or nil.
func batchOf(res *sparkrun.Result, query string, n int64) *events.Batch {
	for i := range res.Batches {
		if b := &res.Batches[i]; b.Query == query && b.BatchID == n {
			return b
		}
	}
	return nil
}

// committed fails the test unless the query's commits/N exists.
func (s *liveStack) committed(query string, n int64) {
	s.t.Helper()
	if _, err := os.Stat(filepath.Join(s.checkpointOf(query), "commits", strconv.FormatInt(n, 10))); err != nil {
		s.t.Errorf("%s: batch %d was not re-run and committed: %v", query, n, err)
	}
}

func (s *liveStack) checkpointOf(query string) string {
	for _, pp := range s.model.Pipelines {
		for _, q := range pp.Queries {
			if q.Name == query {
				return q.Checkpoint
			}
		}
	}
	s.t.Fatalf("no query %s", query)
	return ""
}

// forgetCommits deletes commits/N.. and offsets/N+1.. of a query's
// checkpoint: the next run re-runs batch N with its logged offsets.
func (s *liveStack) forgetCommits(query string, n int64) {
	s.t.Helper()
	if n < 0 {
		s.t.Fatalf("%s: no batch with data to replay", query)
	}
	cp := s.checkpointOf(query)
	for _, kind := range []string{"commits", "offsets"} {
		entries, err := os.ReadDir(filepath.Join(cp, kind))
		if err != nil {
			s.t.Fatal(err)
		}
		for _, e := range entries {
			// N, and the local file system's checksum .N.crc
			id, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimPrefix(e.Name(), "."), ".crc"), 10, 64)
			if err != nil {
				continue
			}
			if id > n || (kind == "commits" && id == n) {
				if err := os.Remove(filepath.Join(cp, kind, e.Name())); err != nil {
					s.t.Fatal(err)
				}
			}
		}
	}
}

func (s *liveStack) rowsOf(sql string) []string {
	s.t.Helper()
	return s.column(sql, "k")
}

func (s *liveStack) column(sql, col string) []string {
	s.t.Helper()
	var out []string
	for _, r := range s.query(sql)[0] {
		out = append(out, fmt.Sprint(r[col]))
	}
	sort.Strings(out)
	return out
}

func (s *liveStack) windows() []string {
	return s.rowsOf("SELECT concat_ws(' ', customer_id, date_format(window_start, 'yyyy-MM-dd HH:mm:ss'), paid_order_count, paid_order_total) AS k FROM " + s.db + ".windows")
}

func (s *liveStack) late() []string {
	return s.rowsOf("SELECT concat_ws(' ', event.event_id, date_format(watermark_at_arrival, 'yyyy-MM-dd HH:mm:ss'), reason_code) AS k FROM " + s.db + ".late")
}

func (s *liveStack) rejected() []string {
	return s.rowsOf("SELECT concat_ws(' ', reason_code, source_offset) AS k FROM " + s.db + ".rejected")
}

// TestLiveStopOnSignal runs the example with a processing-time trigger and
// stops it with SIGTERM (Handle.Stop): the program finishes the running
// batch, reports "stopped", exits 0 and keeps the checkpoint.
func TestLiveStopOnSignal(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	s := startLive(t, "{type: processing-time, interval: 2s}")
	s.produce(order("s1", 1, "2026-07-15T10:05:00Z", "paid", "1.00"), "not json")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	batches := make(chan string, 100)
	h, err := sparkrun.Run(ctx, filepath.Join(s.dir, "customer_order_streaming.py"), sparkrun.RunOptions{Python: s.py,
		OnEvent: func(ev events.Event) {
			if ev.Batch != nil && ev.Batch.InputRows > 0 {
				batches <- ev.Batch.Query
			}
		}})
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for len(seen) < 2 { // both queries have processed data
		select {
		case q := <-batches:
			seen[q] = true
		case <-ctx.Done():
			t.Fatalf("queries with data before the timeout: %v", seen)
		}
	}
	if st := h.Status(); st.State != "running" || st.Batches == 0 {
		t.Errorf("status while running = %+v", st)
	}
	if err := h.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	res, err := h.Await(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != "stopped" || res.ExitCode != 0 || res.Signal == nil || *res.Signal != "SIGTERM" {
		t.Errorf("end = %+v, want stopped by SIGTERM with exit 0", res.End)
	}
	if h.Status().State != "stopped" {
		t.Errorf("status after stop = %s", h.Status().State)
	}
	for _, pp := range s.model.Pipelines {
		for _, q := range pp.Queries {
			if q.Branch == ir.PortLate {
				continue
			}
			if _, err := os.Stat(filepath.Join(q.Checkpoint, "commits", "0")); err != nil {
				t.Errorf("checkpoint of %s: %v", q.Name, err)
			}
		}
	}
	if got := s.windows(); len(got) != 1 {
		t.Errorf("windows = %v, want the one window of s1", got)
	}
}

// TestLiveStaticJoin runs a stream-static left join with a Delta
// dimension table (testdata/static_join): every valid order is written,
// joined or not; the invalid one is quarantined.
func TestLiveStaticJoin(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	s := startLiveWith(t, filepath.Join("testdata", "static_join", "ir.json"), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  customers: {plugin: delta, table: `+s.db+`.customers}
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  paid_orders: {plugin: delta, table: `+s.db+`.paid, write_mode: append}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}`)
	})
	s.query("CREATE SCHEMA IF NOT EXISTS "+s.db,
		"CREATE TABLE "+s.db+".customers (customer_id BIGINT, segment STRING) USING delta",
		"INSERT INTO "+s.db+".customers VALUES (1, 'gold')")
	s.produce(order("j1", 1, "2026-07-15T10:05:00Z", "paid", "1.00"), order("j2", 2, "2026-07-15T10:06:00Z", "paid", "2.00"), "[]")
	s.run()
	if diff := cmp.Diff([]string{"j1 1", "j2 2"}, s.rowsOf("SELECT concat_ws(' ', event_id, customer_id) AS k FROM "+s.db+".paid")); diff != "" {
		t.Errorf("paid orders (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"NOT_AN_OBJECT 2"}, s.rejected()); diff != "" {
		t.Errorf("rejected (-want +got):\n%s", diff)
	}
}
