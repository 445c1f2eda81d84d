package pyspark_test

import (
	"context"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/shopspring/decimal"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/plugins/kafkajson"
)

// kafkaSinkRows are the rows both engines produce in TestLiveKafkaSink:
// the windows' contract, a NULL total and time, microseconds, a
// decimal's scale kept.
const kafkaSinkRowsSQL = `SELECT * FROM VALUES
 (CAST(7 AS BIGINT), TIMESTAMP'2026-07-15 10:00:00', TIMESTAMP'2026-07-15 11:00:00', CAST(3 AS BIGINT), CAST(12.5 AS DECIMAL(28,2)), TIMESTAMP'2026-07-15 10:59:59.123456'),
 (CAST(8 AS BIGINT), TIMESTAMP'2026-07-15 10:00:00', TIMESTAMP'2026-07-15 11:00:00', CAST(0 AS BIGINT), CAST(NULL AS DECIMAL(28,2)), CAST(NULL AS TIMESTAMP))
 AS t(customer_id, window_start, window_end, paid_order_count, paid_order_total, latest_event_time)`

func kafkaSinkRows(t *testing.T) (*localengine.Schema, []localengine.Row) {
	t.Helper()
	ts := func(s string) time.Time {
		v, err := time.Parse(time.RFC3339Nano, s)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	i64, tm := contracts.Type{Kind: contracts.KindInt64}, contracts.Type{Kind: contracts.KindTimestamp}
	s := localengine.NewSchema([]localengine.Column{{Name: "customer_id", Type: i64}, {Name: "window_start", Type: tm},
		{Name: "window_end", Type: tm}, {Name: "paid_order_count", Type: i64},
		{Name: "paid_order_total", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 28, Scale: 2}},
		{Name: "latest_event_time", Type: tm}})
	start, end := ts("2026-07-15T10:00:00Z"), ts("2026-07-15T11:00:00Z")
	return s, []localengine.Row{
		{int64(7), start, end, int64(3), decimal.RequireFromString("12.5"), ts("2026-07-15T10:59:59.123456Z")},
		{int64(8), start, end, int64(0), nil, nil},
	}
}

// TestLiveKafkaSink: the same rows produced by the Spark engine (the
// kafka_sink case's generated key and value SQL through rt.write_kafka on
// the stack) and by the local engine (KafkaSink through kafkajson.Broker,
// franz-go, to the stack's broker), read back with franz-go:
// byte-identical keys and values, each the local engine's
// KafkaKey/KafkaValue. A batch written
// again (a re-run micro-batch: a new producer session) is produced again,
// the idempotent producer notwithstanding: the sink is at least once.
func TestLiveKafkaSink(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	stack.Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	k := stack.NewKafka(t)
	sparkTopic, localTopic, replayTopic := stack.Unique("ksink-spark"), stack.Unique("ksink-local"), stack.Unique("ksink-replay")
	for _, topic := range []string{sparkTopic, localTopic, replayTopic} {
		k.CreateTopic(ctx, topic, 1)
	}

	const script = `
spec = json.load(sys.stdin)
sys.path.insert(0, sys.argv[1])
import customer_order_streaming as prog
from pyspark.sql import SparkSession
spark = SparkSession.builder.remote(spec["remote"]).getOrCreate()
spark.conf.set("spark.sql.session.timeZone", "UTC")
for topic in [spec["topic"], spec["replay"], spec["replay"]]:
    rt.write_kafka(spark.sql(spec["sql"]), topic, {"kafka.bootstrap.servers": spec["bootstrap"], "kafka.enable.idempotence": "true"},
                   prog.CUSTOMER_ORDER_WINDOWS_KEY, prog.CUSTOMER_ORDER_WINDOWS_VALUE)
print(json.dumps({"ok": True}))
`
	var out map[string]any
	runRuntime(t, "testdata/kafka_sink", script, map[string]string{"remote": stack.SparkRemote(), "sql": kafkaSinkRowsSQL,
		"topic": sparkTopic, "replay": replayTopic, "bootstrap": stack.KafkaBootstrap()}, &out)

	s, rows := kafkaSinkRows(t)
	keys := []string{"customer_id", "window_start"}
	broker, err := kafkajson.NewBroker(stack.KafkaBootstrap(), kafkajson.Auth{})
	if err != nil {
		t.Fatal(err)
	}
	defer broker.Close()
	sink := &localengine.KafkaSink{Topic: localTopic, Key: keys, Producer: broker}
	if _, err := sink.Write("", 0, s, rows); err != nil {
		t.Fatal(err)
	}

	var want []string
	for _, r := range rows {
		want = append(want, string(localengine.KafkaKey(s, r, keys))+" => "+string(localengine.KafkaValue(s, r)))
	}
	slices.Sort(want)
	for _, topic := range []string{sparkTopic, localTopic} {
		got := readTopic(ctx, t, topic, len(rows))
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("topic %s: records (-local engine's bytes +read back):\n%s", topic, diff)
		}
	}
	twice := slices.Sorted(slices.Values(append(slices.Clone(want), want...)))
	if diff := cmp.Diff(twice, readTopic(ctx, t, replayTopic, 2*len(rows))); diff != "" {
		t.Errorf("a batch written twice with enable.idempotence: records (-each twice +read back):\n%s", diff)
	}
}

// readTopic reads n records of the topic from the start, sorted as
// "key => value".
func readTopic(ctx context.Context, t *testing.T, topic string, n int) []string {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(stack.KafkaBootstrap()), kgo.ConsumeTopics(topic),
		kgo.ConsumeResetOffset(kgo.NewOffset().AtStart()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	var got []string
	for len(got) < n {
		fs := cl.PollFetches(ctx)
		if err := ctx.Err(); err != nil {
			t.Fatalf("topic %s: %d of %d records: %v", topic, len(got), n, err)
		}
		fs.EachRecord(func(r *kgo.Record) { got = append(got, string(r.Key)+" => "+string(r.Value)) })
	}
	slices.Sort(got)
	return got
}

// TestLiveKafkaSinkProgram runs the generated program with the rejected
// events loaded into a kafka-json sink keyed by event_id on the stack: the
// rejected row is one record of the sink topic (foreachBatch,
// rt.write_kafka), its key the event id, its value the rejected-event
// contract's JSON.
func TestLiveKafkaSinkProgram(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	var rejected string
	s := startLiveWith(t, filepath.Join("testdata", "order-streaming.ir.json"), func(s *liveStack) string {
		rejected = s.topic + "-rejected"
		return s.profile("{type: available-now}", `
  order_events: {plugin: kafka-json, resource: k, topic: `+s.topic+`, starting_offsets: earliest}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: kafka-json, resource: k, topic: `+rejected+`, key: [event_id], kafka: {linger.ms: "5"}}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	k := stack.NewKafka(t)
	k.CreateTopic(ctx, s.topic, 1)
	k.CreateTopic(ctx, rejected, 1)
	k.Produce(ctx, s.topic, []byte(order("ok1", 1, "2026-07-15T10:05:00Z", "paid", "1.00")),
		[]byte(order("bad1", 2, "2026-07-15T10:06:00Z", "lost", "2.00")))
	s.run()
	// the run may take minutes on a loaded stack: reading has a deadline of its own
	rctx, rcancel := context.WithTimeout(context.Background(), time.Minute)
	defer rcancel()
	got := readTopic(rctx, t, rejected, 1)
	if len(got) != 1 || !strings.HasPrefix(got[0], `bad1 => {"event_id":"bad1","raw_payload":`) ||
		!strings.Contains(got[0], `"reason_code":"`) || !strings.Contains(got[0], `"source_topic":"`+s.topic+`"`) {
		t.Errorf("rejected records = %q, want the one rejected event keyed bad1", got)
	}
}
