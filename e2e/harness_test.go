package e2e_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"text/template"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/e2e/orders"
	"github.com/etlgen/etlgen/e2e/stack"
	icebergplugin "github.com/etlgen/etlgen/plugins/iceberg"
	"github.com/etlgen/etlgen/pyspark/events"
)

// windowSize and watermarkDelay are the example's AggregateParams defaults.
const (
	windowSize     = time.Hour
	watermarkDelay = 15 * time.Minute
)

// pipelineEnv is one isolated copy of the order-streaming pipeline on the
// stack: its own topic, tables (two databases) and checkpoint root, and the
// expected outputs computed in Go as events are produced.
type pipelineEnv struct {
	t                       *testing.T
	id                      string
	topic                   string
	curated, rejected, late string // SQL names of the three Delta tables
	checkpointRoot          string // a local directory, or an s3a:// URI
	s3Prefix                string // with S3: the s3a:// prefix of tables and checkpoints
	iceberg                 string // with Iceberg: the catalog of the three tables (their warehouse under s3Prefix)
	maxOffsets              int
	serverLoss              string
	stateStore              string
	profileDir              string
	spark                   *stack.Session
	kafka                   *stack.Kafka
	valid                   []orders.Event     // every valid event produced
	lateIDs                 map[string]bool    // event ids of valid events expected to be late
	invalid                 map[string]verdict // "partition|offset" → expected rejection
	partitions              int32
	deployment              string
	nextOrderID             int64
	// onEvent, when set, sees every line of the programs start runs.
	onEvent func(events.Event)
}

type envOptions struct {
	// S3 puts tables (by path) and checkpoints under s3a://warehouse/e2e/<id>/.
	S3 bool
	// Iceberg binds the three tables to the iceberg plugin: a catalog of
	// the test's own whose warehouse is s3a://warehouse/e2e/<id>/iceberg;
	// the checkpoints stay in a local directory.
	Iceberg bool
	// MaxOffsets is the source's max_offsets_per_trigger (default 100000):
	// a small one makes a backlog of many micro-batches.
	MaxOffsets int
	// ServerLoss is execution.server_loss_timeout (default 1m).
	ServerLoss string
	// StateStore is execution.state_store (default hdfs).
	StateStore string
	// Partitions is the topic's partition count (default 1); with more
	// than one, records are keyed by event id, so they spread.
	Partitions int32
	// Deployment is the spark resource's deployment (default: none given).
	Deployment string
}

func newPipelineEnv(t *testing.T, o envOptions) *pipelineEnv {
	t.Helper()
	stack.Require(t)
	id := stack.Unique("e2e")
	e := &pipelineEnv{
		t: t, id: id, topic: id + "_orders",
		profileDir: t.TempDir(), spark: stack.Spark(t), kafka: stack.NewKafka(t),
		lateIDs: map[string]bool{}, invalid: map[string]verdict{}, nextOrderID: 1, maxOffsets: o.MaxOffsets,
		serverLoss: o.ServerLoss, stateStore: o.StateStore, partitions: max(o.Partitions, 1), deployment: o.Deployment,
	}
	if e.serverLoss == "" {
		e.serverLoss = "1m"
	}
	if e.stateStore == "" {
		e.stateStore = "hdfs"
	}
	if e.maxOffsets == 0 {
		e.maxOffsets = 100000
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	e.kafka.CreateTopic(ctx, e.topic, e.partitions)
	switch {
	case o.Iceberg:
		e.icebergTables(ctx)
	case o.S3:
		e.s3Prefix = "s3a://warehouse/e2e/" + id
		e.checkpointRoot = e.s3Prefix + "/checkpoints"
		e.curated = "delta.`" + e.s3Prefix + "/curated/customer_order_windows`"
		e.rejected = "delta.`" + e.s3Prefix + "/quarantine/rejected_order_events`"
		e.late = "delta.`" + e.s3Prefix + "/quarantine/late_order_events`"
		t.Cleanup(func() { removeS3Prefix(t, "e2e/"+id) })
	default:
		e.checkpointRoot = filepath.Join(stack.TempDir(t), "checkpoints")
		e.curated = id + "_curated.customer_order_windows"
		e.rejected = id + "_quarantine.rejected_order_events"
		e.late = id + "_quarantine.late_order_events"
		for _, db := range []string{id + "_curated", id + "_quarantine"} {
			db := db
			t.Cleanup(func() {
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
				defer cancel()
				_, _ = e.spark.Query(ctx, "DROP DATABASE IF EXISTS "+db+" CASCADE")
			})
		}
	}
	return e
}

// icebergTables puts the test's tables in an Iceberg catalog of its own,
// which the test's session configures too (it reads them).
func (e *pipelineEnv) icebergTables(ctx context.Context) {
	e.s3Prefix = "s3a://warehouse/e2e/" + e.id
	e.checkpointRoot = filepath.Join(stack.TempDir(e.t), "checkpoints") // forceReplay edits it
	e.iceberg = "ice_" + strings.TrimPrefix(e.id, "e2e_")
	e.curated = e.iceberg + ".curated.customer_order_windows"
	e.rejected = e.iceberg + ".quarantine.rejected_order_events"
	e.late = e.iceberg + ".quarantine.late_order_events"
	for k, v := range icebergplugin.CatalogConf(e.iceberg, e.s3Prefix+"/iceberg") {
		if _, err := e.spark.Query(ctx, "SET "+k+"="+v); err != nil {
			e.t.Fatal(err)
		}
	}
	e.t.Cleanup(func() { removeS3Prefix(e.t, "e2e/"+e.id) })
}

// removeS3Prefix deletes what a test wrote under the warehouse bucket: the
// gateway's POSIX backend keeps objects as files under .stack/s3/data.
func removeS3Prefix(t testing.TB, key string) {
	dir := os.Getenv("ETLGEN_STACK_DIR")
	if dir == "" {
		dir = filepath.Join("..", ".stack")
	}
	path := filepath.Join(dir, "s3", "data", "warehouse", filepath.FromSlash(key))
	if err := os.RemoveAll(path); err != nil {
		t.Logf("clean up %s: %v", path, err)
	}
}

var profileTmpl = template.Must(template.New("profile").Parse(`# Test copy of examples/order-streaming/profiles/spark.yaml (e2e {{.ID}}).
name: e2e
description: order-streaming on the stack, isolated for one end-to-end test.
engine: pyspark
test: true
execution:
  mode: structured-streaming
  trigger: {{.Trigger}}
  checkpoint_root: {{.CheckpointRoot}}
  stop_policy: finish-batch
  stop_timeout: 2m
  server_loss_timeout: {{.ServerLoss}}
  state_store: {{.StateStore}}
assets:
  order_events:
    plugin: kafka-json
    resource: orders_kafka
    topic: {{.Topic}}
    starting_offsets: earliest
    max_offsets_per_trigger: {{.MaxOffsets}}
    fail_on_data_loss: true
  customer_order_windows:
    {{.Curated}}
    write_mode: foreach-batch-merge
    merge_keys: [customer_id, window_start, window_end]
  rejected_order_events:
    {{.Rejected}}
    write_mode: append
  late_order_events:
    {{.Late}}
    write_mode: append
resources:
  spark:
    connect_url: "{{.Remote}}"
    session_timezone: UTC
    spark_version: "{{.SparkLine}}"
{{- if .Deployment}}
    deployment: {{.Deployment}}
{{- end}}
  orders_kafka:
    kind: kafka
    bootstrap_servers: "{{.Bootstrap}}"
    security_protocol: PLAINTEXT
`))

// profile writes the test profile with the given trigger (YAML flow
// mapping, e.g. "{type: available-now}") and returns its path.
func (e *pipelineEnv) profile(trigger string) string {
	e.t.Helper()
	asset := func(table, sub string) string {
		switch {
		case e.iceberg != "":
			ns, _ := strings.CutPrefix(table, e.iceberg+".")
			return "plugin: iceberg\n    catalog: " + e.iceberg + "\n    warehouse: " + e.s3Prefix + "/iceberg\n    table: " + ns
		case e.s3Prefix != "":
			return "plugin: delta\n    path: " + e.s3Prefix + "/" + sub
		}
		return "plugin: delta\n    table: " + table
	}
	path := filepath.Join(e.profileDir, "spark.yaml")
	f, err := os.Create(path)
	if err != nil {
		e.t.Fatal(err)
	}
	defer f.Close()
	err = profileTmpl.Execute(f, map[string]string{
		"ID": e.id, "Trigger": trigger, "CheckpointRoot": e.checkpointRoot, "Topic": e.topic,
		"Curated":  asset(e.curated, "curated/customer_order_windows"),
		"Rejected": asset(e.rejected, "quarantine/rejected_order_events"),
		"Late":     asset(e.late, "quarantine/late_order_events"),
		"Remote":   stack.SparkRemote(), "SparkLine": stack.SparkLine(), "Bootstrap": stack.KafkaBootstrap(),
		"MaxOffsets": strconv.Itoa(e.maxOffsets), "ServerLoss": e.serverLoss, "StateStore": e.stateStore,
		"Deployment": e.deployment,
	})
	if err != nil {
		e.t.Fatal(err)
	}
	return path
}

// events makes n valid events Step apart from start, numbered after the
// events made before.
func (e *pipelineEnv) events(n int, start time.Time, step time.Duration) []orders.Event {
	ev := orders.Generate(n, orders.Options{Seed: uint64(e.nextOrderID), Start: start, Step: step,
		Customers: 4, FirstOrderID: e.nextOrderID})
	e.nextOrderID += int64(n)
	return ev
}

// produce writes valid events and invalid payloads to the topic, in order;
// late marks the valid events the test expects behind the watermark.
func (e *pipelineEnv) produce(ctx context.Context, valid []orders.Event, late bool, invalid []corpusCase) {
	e.t.Helper()
	var recs []*kgo.Record
	for _, ev := range valid {
		recs = append(recs, &kgo.Record{Topic: e.topic, Key: e.key(ev.EventID), Value: ev.JSON()})
	}
	for i, c := range invalid {
		recs = append(recs, &kgo.Record{Topic: e.topic, Key: e.key(strconv.Itoa(i)), Value: c.raw})
	}
	e.kafka.ProduceRecords(ctx, recs...)
	for _, ev := range valid {
		e.valid = append(e.valid, ev)
		if late {
			e.lateIDs[ev.EventID] = true
		}
	}
	for i, c := range invalid {
		r := recs[len(valid)+i]
		e.invalid[fmt.Sprintf("%d|%d", r.Partition, r.Offset)] = c.want()
	}
}

// key is a record key that spreads records over a topic of several
// partitions (nil, the producer's sticky partition, with one).
func (e *pipelineEnv) key(s string) []byte {
	if e.partitions == 1 {
		return nil
	}
	return []byte(s)
}

// wantWindows is the curated table computed in Go from the produced valid
// events that are not late.
func (e *pipelineEnv) wantWindows() []string {
	var onTime []orders.Event
	for _, ev := range e.valid {
		if !e.lateIDs[ev.EventID] {
			onTime = append(onTime, ev)
		}
	}
	var out []string
	for _, w := range orders.Windows(onTime, windowSize) {
		out = append(out, fmt.Sprintf("%d|%d|%d|%d|%d.%02d|%d", w.CustomerID, w.Start.UnixMicro(), w.End.UnixMicro(),
			w.PaidOrderCount, w.PaidTotalCents/100, w.PaidTotalCents%100, w.LatestEventTime.UnixMicro()))
	}
	sort.Strings(out)
	return out
}

func (e *pipelineEnv) gotWindows(ctx context.Context) []string {
	return e.values(ctx, "SELECT concat_ws('|', customer_id, unix_micros(window_start), unix_micros(window_end), "+
		"paid_order_count, CAST(paid_order_total AS STRING), unix_micros(latest_event_time)) FROM "+e.curated)
}

// wantRejected is partition|offset|reason code|field path of every invalid payload.
func (e *pipelineEnv) wantRejected() []string {
	var out []string
	for at, v := range e.invalid {
		out = append(out, fmt.Sprintf("%s|%s|%s", at, v.Code, v.Path))
	}
	sort.Strings(out)
	return out
}

func (e *pipelineEnv) gotRejected(ctx context.Context) []string {
	return e.values(ctx, "SELECT concat_ws('|', source_partition, source_offset, reason_code, coalesce(field_path, '')) FROM "+e.rejected)
}

func (e *pipelineEnv) wantLate() []string {
	return slices.Sorted(maps.Keys(e.lateIDs))
}

// gotLate is the event ids of the late table; it also checks each row's
// reason code and that the event's window had closed at the watermark it
// records (Spark drops a row when its window ends at or before the watermark).
func (e *pipelineEnv) gotLate(ctx context.Context) []string {
	e.t.Helper()
	rows := e.values(ctx, "SELECT concat_ws('|', event.event_id, coalesce(reason_code, ''), "+
		"unix_micros(event.event_time), unix_micros(watermark_at_arrival)) FROM "+e.late)
	var ids []string
	for _, r := range rows {
		f := strings.Split(r, "|")
		if len(f) != 4 {
			e.t.Fatalf("late row %q: want id|reason|event time|watermark", r)
		}
		ids = append(ids, f[0])
		if f[1] == "" {
			e.t.Errorf("late row %s has no reason code", f[0])
		}
		et, _ := strconv.ParseInt(f[2], 10, 64)
		wm, _ := strconv.ParseInt(f[3], 10, 64)
		end := time.UnixMicro(et).UTC().Truncate(windowSize).Add(windowSize)
		if end.UnixMicro() > wm {
			e.t.Errorf("late row %s: window ends %s after the watermark at arrival %s", f[0], end, time.UnixMicro(wm).UTC())
		}
	}
	sort.Strings(ids)
	return ids
}

// values runs a one-column query and returns its values sorted; a table
// that does not exist yet reads as empty.
func (e *pipelineEnv) values(ctx context.Context, query string) []string {
	e.t.Helper()
	rows, err := e.spark.Query(ctx, query)
	if err != nil {
		if strings.Contains(err.Error(), "TABLE_OR_VIEW_NOT_FOUND") || strings.Contains(err.Error(), "DELTA_TABLE_NOT_FOUND") ||
			strings.Contains(err.Error(), "PATH_NOT_FOUND") || strings.Contains(err.Error(), "is not a Delta table") {
			return nil
		}
		e.t.Fatal(err)
	}
	out := make([]string, 0, len(rows))
	for _, r := range rows {
		out = append(out, str(r.At(0)))
	}
	sort.Strings(out)
	return out
}

// checkOutputs compares the three tables with what the test expects and
// reports missing and unexpected rows.
func (e *pipelineEnv) checkOutputs(ctx context.Context) {
	e.t.Helper()
	diffRows(e.t, "curated "+e.curated, e.wantWindows(), e.gotWindows(ctx))
	diffRows(e.t, "quarantine "+e.rejected, e.wantRejected(), e.gotRejected(ctx))
	diffRows(e.t, "late "+e.late, e.wantLate(), e.gotLate(ctx))
}

// wave produces valid events and invalid payloads, runs the program to
// its end and checks the three tables.
func (e *pipelineEnv) wave(ctx context.Context, prog string, valid []orders.Event, late bool, invalid []corpusCase) {
	e.t.Helper()
	e.produce(ctx, valid, late, invalid)
	e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)
}

// outputsMatch is checkOutputs as a predicate, for polling a running query.
func (e *pipelineEnv) outputsMatch(ctx context.Context) bool {
	return slices.Equal(e.wantWindows(), e.gotWindows(ctx)) && slices.Equal(e.wantRejected(), e.gotRejected(ctx))
}

// diffRows fails with the missing and unexpected rows (multisets, sorted).
func diffRows(t *testing.T, what string, want, got []string) {
	t.Helper()
	count := map[string]int{}
	for _, w := range want {
		count[w]++
	}
	for _, g := range got {
		count[g]--
	}
	var missing, extra []string
	for k, n := range count {
		for ; n > 0; n-- {
			missing = append(missing, k)
		}
		for ; n < 0; n++ {
			extra = append(extra, k)
		}
	}
	sort.Strings(missing)
	sort.Strings(extra)
	if len(missing)+len(extra) > 0 {
		t.Errorf("%s: %d rows, want %d\n  missing: %s\n  unexpected: %s", what, len(got), len(want),
			strings.Join(missing, "\n           "), strings.Join(extra, "\n           "))
	}
}

// invalidCases returns the invalid payloads of the shared corpus that both
// engines agree on and that are valid UTF-8 (the quarantine keeps the
// payload as a string).
func invalidCases(t *testing.T, n int) []corpusCase {
	t.Helper()
	var out []corpusCase
	for _, c := range readCorpus(t) {
		if c.Want == "VALID" || c.PayloadBase64 != nil || knownDifferences[c.Name] != "" {
			continue
		}
		out = append(out, c)
		if len(out) == n {
			break
		}
	}
	return out
}

// forceReplay deletes the newest commits/N (and its .crc) of every query
// checkpoint under the local root, so the next run re-runs batch N with the
// offsets of offsets/N: a forced replay. When the newest batch read no new
// offsets (a no-data batch), its offsets/N goes too and the data batch
// before it is replayed. It returns the deleted commits/N files.
func forceReplay(t *testing.T, root string) []string {
	t.Helper()
	var dirs []string
	_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.IsDir() && d.Name() == "commits" {
			dirs = append(dirs, filepath.Dir(p))
		}
		return nil
	})
	if len(dirs) == 0 {
		t.Fatalf("no checkpoint (no commits/ directory) under %s", root)
	}
	var replayed []string
	for _, cp := range dirs {
		n := newestBatch(t, filepath.Join(cp, "commits"))
		if n > 0 && sameOffsets(t, cp, n) { // a no-data batch: replay the batch before it
			removeBatchFile(t, cp, "offsets", n)
			removeBatchFile(t, cp, "commits", n)
			n--
		}
		removeBatchFile(t, cp, "commits", n)
		replayed = append(replayed, filepath.Join(cp, "commits", strconv.Itoa(n)))
	}
	return replayed
}

func newestBatch(t *testing.T, dir string) int {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	best := -1
	for _, en := range ents {
		if n, err := strconv.Atoi(en.Name()); err == nil && n > best {
			best = n
		}
	}
	if best < 0 {
		t.Fatalf("%s holds no commit", dir)
	}
	return best
}

// sameOffsets reports whether offsets/n and offsets/n-1 record the same
// source offsets (the last line of each file).
func sameOffsets(t *testing.T, cp string, n int) bool {
	t.Helper()
	last := func(i int) string {
		b, err := os.ReadFile(filepath.Join(cp, "offsets", strconv.Itoa(i)))
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(string(b)), "\n")
		return strings.Join(lines[2:], "\n")
	}
	return last(n) == last(n-1)
}

func removeBatchFile(t *testing.T, cp, log string, n int) {
	t.Helper()
	for _, name := range []string{strconv.Itoa(n), "." + strconv.Itoa(n) + ".crc"} {
		if err := os.Remove(filepath.Join(cp, log, name)); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
}
