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
		want    string // a fragment; "" when no problem
	}{
		{"every partition", map[string]map[string]int64{"orders": {"0": -2, "1": 5}}, ""},
		{"a partition left out", map[string]map[string]int64{"orders": {"0": -2}}, "partition 1 of topic orders is not named"},
		{"a partition the topic lacks", map[string]map[string]int64{"orders": {"0": -2, "1": -2, "2": -2}}, "topic orders has no partition 2 (it has 2)"},
		{"not a partition number", map[string]map[string]int64{"orders": {"0": -2, "1": -2, "x": -2}}, "has no partition x"},
		{"no such topic", map[string]map[string]int64{"refunds": {"0": -2}}, "topic refunds does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := offsetsProblem("starting_offsets", tt.offsets, two)
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
`))
	if diags.HasErrors() {
		t.Fatal(diags)
	}
	got := ConfigOf(p).KafkaOffsets
	if len(got) != 1 || got[0].Asset != "a" || got[0].Resource != "k" || got[0].Option != "starting_offsets" || got[0].Offsets["orders"]["0"] != -2 {
		t.Errorf("KafkaOffsets = %+v, want asset a's starting_offsets only", got)
	}
}

// TestLiveOffsetsProbe creates a topic of two partitions on the stack's
// broker and probes offsets naming one, both and three of them.
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
		code       string
	}{{[]string{"0"}, CodeKafkaOffsets}, {[]string{"0", "1"}, ""}, {[]string{"0", "1", "2"}, CodeKafkaOffsets}} {
		offsets := map[string]int64{}
		for _, p := range tt.partitions {
			offsets[p] = -2
		}
		o := KafkaOffsets{Asset: "orders", Resource: "k", Option: "starting_offsets", Offsets: map[string]map[string]int64{topic: offsets}}
		c := (&prober{cfg: cfg}).check(ctx, probe{name: "kafka-offsets:orders", run: offsetsProbe(o)})
		if c.Code != tt.code || (tt.code == "") != (c.Status == OK) {
			t.Errorf("partitions %v: %s %s %q, want code %q", tt.partitions, c.Status, c.Code, c.Detail, tt.code)
		}
	}
}
