package doctor

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/framework/profile"
)

func TestOffsetsProblem(t *testing.T) {
	two := map[string][]int32{"orders": {1, 0}}
	tests := []struct {
		name    string
		offsets map[string]map[string]int64
		subset  bool   // an assign option's partitions
		want    string // a fragment; "" when no problem
	}{
		{"every partition", map[string]map[string]int64{"orders": {"0": -2, "1": 5}}, false, ""},
		{"a partition left out", map[string]map[string]int64{"orders": {"0": -2}}, false, "partition 1 of topic orders is not named"},
		{"a partition the topic lacks", map[string]map[string]int64{"orders": {"0": -2, "1": -2, "2": -2}}, false, "topic orders has no partition 2 (it has 2)"},
		{"not a partition number", map[string]map[string]int64{"orders": {"0": -2, "1": -2, "x": -2}}, false, "has no partition x"},
		{"no such topic", map[string]map[string]int64{"refunds": {"0": -2}}, false, "topic refunds does not exist"},
		{"assigned: a partition left out", map[string]map[string]int64{"orders": {"1": -1}}, true, ""},
		{"assigned: a partition the topic lacks", map[string]map[string]int64{"orders": {"0": -1, "2": -1}}, true, "topic orders has no partition 2 (it has 2)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := offsetsProblem("starting_offsets", tt.offsets, two, tt.subset)
			if tt.want == "" && got != "" || tt.want != "" && !strings.Contains(got, tt.want) {
				t.Errorf("offsetsProblem = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestKafkaOffsetsOfProfile(t *testing.T) {
	p, diags := profile.Parse("p.yaml", []byte(`name: dev
engine: pyspark
execution: {checkpoint_root: /tmp/ck}
resources:
  spark: {connect_url: "sc://127.0.0.1:15002"}
  k: {bootstrap_servers: "127.0.0.1:9092"}
assets:
  a: {plugin: kafka-json, resource: k, topic: orders, starting_offsets: '{"orders": {"0": -2}}'}
  b: {plugin: kafka-json, resource: k, topic: orders, starting_offsets: earliest}
  c: {plugin: kafka-json, resource: k, assign: {orders: [1]}, starting_offsets: {orders: {"1": 7}}}
`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := ConfigOf(p).KafkaOffsets
	if len(got) != 2 || got[0].Asset != "a" || got[0].Resource != "k" || got[0].Option != "starting_offsets" || got[0].Offsets["orders"]["0"] != -2 {
		t.Fatalf("KafkaOffsets = %+v, want asset a's starting_offsets, then c's assign", got)
	}
	if c := got[1]; c.Asset != "c" || c.Option != "assign" || !c.Assigned || len(c.Offsets["orders"]) != 1 || c.Offsets["orders"]["1"] != -1 {
		t.Errorf("KafkaOffsets[1] = %+v, want asset c's assigned partition orders/1", c)
	}
}

// TestLiveOffsetsProbe creates a topic of two partitions on the stack's
// broker and probes offsets naming one, both and three of them, and
// assign options naming one and a partition the topic lacks.
func TestLiveOffsetsProbe(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (make stack-up)")
	}
	broker := os.Getenv("ETLGEN_KAFKA_BOOTSTRAP")
	if broker == "" {
		broker = "127.0.0.1:9092"
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	cl, err := kgo.NewClient(kgo.SeedBrokers(broker))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	topic := fmt.Sprintf("doctor_offsets_%d", time.Now().UnixNano())
	if _, err := adm.CreateTopic(ctx, 2, 1, nil, topic); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = adm.DeleteTopics(context.Background(), topic) })
	cfg := Config{Kafka: map[string][]string{"k": {broker}}, Timeout: 30 * time.Second}
	for _, tt := range []struct {
		partitions []string
		assigned   bool
		code       string
	}{{[]string{"0"}, false, CodeKafkaOffsets}, {[]string{"0", "1"}, false, ""}, {[]string{"0", "1", "2"}, false, CodeKafkaOffsets},
		// an assign option may leave a partition out, not name one the topic lacks
		{[]string{"1"}, true, ""}, {[]string{"1", "2"}, true, CodeKafkaOffsets}} {
		offsets := map[string]int64{}
		for _, p := range tt.partitions {
			offsets[p] = -2
		}
		o := KafkaOffsets{Asset: "orders", Resource: "k", Option: "starting_offsets", Offsets: map[string]map[string]int64{topic: offsets}, Assigned: tt.assigned}
		c := (&prober{cfg: cfg}).check(ctx, probe{name: "kafka-offsets:orders", run: offsetsProbe(o)})
		if c.Code != tt.code || (tt.code == "") != (c.Status == OK) {
			t.Errorf("partitions %v (assigned %v): %s %s %q, want code %q", tt.partitions, tt.assigned, c.Status, c.Code, c.Detail, tt.code)
		}
	}
}
