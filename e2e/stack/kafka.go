package stack

import (
	"context"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kgo"
)

// Kafka is a franz-go client of the stack's broker for a test.
type Kafka struct {
	Client *kgo.Client
	Admin  *kadm.Client
	t      testing.TB
}

// NewKafka connects to the stack's broker; the client is closed when the test ends.
func NewKafka(t testing.TB) *Kafka {
	t.Helper()
	cl, err := kgo.NewClient(kgo.SeedBrokers(KafkaBootstrap()),
		kgo.ProducerLinger(5*time.Millisecond), kgo.RequiredAcks(kgo.AllISRAcks()))
	if err != nil {
		t.Fatalf("kafka client for %s: %v", KafkaBootstrap(), err)
	}
	t.Cleanup(cl.Close)
	return &Kafka{Client: cl, Admin: kadm.NewClient(cl), t: t}
}

// CreateTopic creates topic with the given partitions (replication 1) and
// deletes it when the test ends.
func (k *Kafka) CreateTopic(ctx context.Context, topic string, partitions int32) {
	k.t.Helper()
	resp, err := k.Admin.CreateTopics(ctx, partitions, 1, nil, topic)
	if err == nil {
		err = resp.Error()
	}
	if err != nil {
		k.t.Fatalf("create topic %s: %v", topic, err)
	}
	k.t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		_, _ = k.Admin.DeleteTopics(ctx, topic)
	})
}

// Produce writes values to topic in order (partition chosen by the client's
// default partitioner for keyless records) and waits for every ack.
func (k *Kafka) Produce(ctx context.Context, topic string, values ...[]byte) {
	k.t.Helper()
	recs := make([]*kgo.Record, len(values))
	for i, v := range values {
		recs[i] = &kgo.Record{Topic: topic, Value: v}
	}
	k.ProduceRecords(ctx, recs...)
}

// ProduceRecords writes records and waits for every ack.
func (k *Kafka) ProduceRecords(ctx context.Context, recs ...*kgo.Record) {
	k.t.Helper()
	if err := k.Client.ProduceSync(ctx, recs...).FirstErr(); err != nil {
		k.t.Fatalf("produce %d records: %v", len(recs), err)
	}
}
