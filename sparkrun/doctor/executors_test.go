package doctor

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// TestProbeRanges: the last records of each partition, at most enough to
// split into the tasks, empty partitions left out.
func TestProbeRanges(t *testing.T) {
	starts := kadm.ListedOffsets{"t": {0: {Topic: "t", Partition: 0, Offset: 0}, 1: {Topic: "t", Partition: 1, Offset: 5}, 2: {Topic: "t", Partition: 2, Offset: 7}}}
	ends := kadm.ListedOffsets{"t": {0: {Topic: "t", Partition: 0, Offset: 100}, 1: {Topic: "t", Partition: 1, Offset: 8}, 2: {Topic: "t", Partition: 2, Offset: 7}}}
	from, to, n := probeRanges(starts, ends, 8) // 16 records over 3 partitions: 6 each
	if from["t"]["0"] != 94 || to["t"]["0"] != 100 || from["t"]["1"] != 5 || to["t"]["1"] != 8 {
		t.Errorf("ranges from %v to %v", from, to)
	}
	if _, ok := from["t"]["2"]; ok {
		t.Errorf("empty partition 2 in %v", from)
	}
	if n != 9 {
		t.Errorf("n = %d, want 9", n)
	}
	if got := assignJSON(from); got != `{"t":[0,1]}` {
		t.Errorf("assign %s", got)
	}
}

// TestKafkaTopicsOf: the topics of each Kafka asset, and the assets the
// executors cannot be probed for.
func TestKafkaTopicsOf(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "p.yaml")
	if err := os.WriteFile(path, []byte(`name: p
engine: pyspark
execution: {mode: structured-streaming, trigger: {type: available-now}, checkpoint_root: s3a://warehouse/checkpoints}
assets:
  a: {plugin: kafka-json, resource: k, topic: "x, y", starting_offsets: earliest}
  b: {plugin: kafka-json, resource: k, assign: {z: [0, 1]}}
  c: {plugin: kafka-json, resource: k, subscribe_pattern: "orders-.*"}
  d: {plugin: kafka-json, resource: sasl, topic: s}
resources:
  spark: {connect_url: "sc://127.0.0.1:15002"}
  k: {kind: kafka, bootstrap_servers: "127.0.0.1:9092"}
  sasl: {kind: kafka, bootstrap_servers: "127.0.0.1:9092", security_protocol: SASL_PLAINTEXT, sasl_mechanism: PLAIN, credential_env: KAFKA_SASL}
`), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags, err := LoadConfig(path)
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	got := map[string]KafkaTopics{}
	for _, k := range cfg.KafkaTopics {
		got[k.Asset] = k
	}
	if a := got["a"]; strings.Join(a.Topics, ",") != "x,y" || a.Unprobed != "" {
		t.Errorf("a = %+v", a)
	}
	if b := got["b"]; strings.Join(b.Topics, ",") != "z" || b.Unprobed != "" {
		t.Errorf("b = %+v", b)
	}
	if c := got["c"]; c.Unprobed == "" || len(c.Topics) != 0 {
		t.Errorf("c (pattern) = %+v, want unprobed", c)
	}
	if d := got["d"]; d.Unprobed == "" {
		t.Errorf("d (SASL) = %+v, want unprobed", d)
	}
}

// TestLiveExecutorsProbe runs the executor probe on the stack's server
// against a topic with records, an empty one and a missing one.
func TestLiveExecutorsProbe(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (make stack-up)")
	}
	cfg, diags, err := LoadConfig(stackProfile(t))
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	broker := cfg.Kafka["orders_kafka"][0]
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cl, err := kgo.NewClient(kgo.SeedBrokers(broker), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	full, empty := fmt.Sprintf("doctor_exec_%d", time.Now().UnixNano()), fmt.Sprintf("doctor_empty_%d", time.Now().UnixNano())
	if _, err := adm.CreateTopic(ctx, 3, 1, nil, full); err != nil {
		t.Fatal(err)
	}
	if _, err := adm.CreateTopic(ctx, 1, 1, nil, empty); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = adm.DeleteTopics(context.Background(), full, empty) })
	for i := range 30 {
		r := &kgo.Record{Topic: full, Partition: int32(i % 3), Value: fmt.Appendf(nil, `{"n":%d}`, i)}
		if err := cl.ProduceSync(ctx, r).FirstErr(); err != nil {
			t.Fatal(err)
		}
	}
	cfg.Timeout = 3 * time.Minute
	p := &prober{cfg: cfg}
	defer p.close()
	if c := p.check(ctx, probe{name: "spark-connect", run: probeConnect}); c.Status != OK {
		t.Fatalf("connect: %+v", c)
	}
	for _, tt := range []struct {
		topic, code, detail string
	}{
		{full, "", "kafka probe: 1 JVM read 18 records"}, // local[2]: 8 tasks, the last 6 records of each partition
		{empty, "", "kafka probe: topics empty"},
		{"doctor_missing_topic", CodeExecutors, "kafka probe:"},
	} {
		p.cfg.KafkaTopics = []KafkaTopics{{Asset: "probe", Resource: "orders_kafka", Topics: []string{tt.topic}}}
		c := p.check(ctx, probe{name: "spark-executors", needsSpark: true, run: probeExecutors})
		t.Logf("%s: %s %s %s", tt.topic, c.Status, c.Code, c.Detail)
		if c.Code != tt.code || !strings.Contains(c.Detail, tt.detail) || !strings.Contains(c.Detail, "1 JVM wrote s3a://warehouse/checkpoints/_etlgen_doctor/executors/") {
			t.Errorf("%s: %s %s %q, want code %q and %q", tt.topic, c.Status, c.Code, c.Detail, tt.code, tt.detail)
		}
	}
}
