package run

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/sparkrun/doctor"
)

// TestLivePreflight: before a Spark run starts, specific starting offsets
// that leave out a partition of the topic, or name one it lacks, are an
// ETL-E708 warning (Spark would fail a fresh checkpoint at start or at its
// first batch); offsets naming exactly its partitions say nothing.
func TestLivePreflight(t *testing.T) {
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
	topic := fmt.Sprintf("preflight_%d", time.Now().UnixNano())
	if _, err := adm.CreateTopic(ctx, 2, 1, nil, topic); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = adm.DeleteTopics(context.Background(), topic) })
	for _, tt := range []struct {
		offsets string
		warn    bool
	}{
		{`{"0": -2}`, true},
		{`{"0": -2, "1": -2}`, false},
		{`{"0": -2, "1": -2, "2": -2}`, true},
	} {
		yaml := fmt.Sprintf(`name: p
engine: pyspark
execution:
  checkpoint_root: /tmp/cp
assets:
  orders:
    plugin: kafka-json
    resource: k
    topic: %s
    starting_offsets: '{"%s": %s}'
resources:
  spark:
    connect_url: "sc://127.0.0.1:15002"
  k:
    kind: kafka
    bootstrap_servers: "%s"
`, topic, topic, tt.offsets, broker)
		p, diags := profile.Parse("p.yaml", []byte(yaml))
		if diags.HasErrors() {
			t.Fatalf("profile: %v", diags)
		}
		var got []Notice
		preflight(ctx, Options{Profile: p, OnNotice: func(n Notice) { got = append(got, n) }})
		if warned := len(got) == 1 && got[0].Code == doctor.CodeKafkaOffsets; warned != tt.warn || (!tt.warn && len(got) > 0) {
			t.Errorf("offsets %s: notices %+v, want a warning: %v", tt.offsets, got, tt.warn)
		}
	}
}
