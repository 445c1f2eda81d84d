package localengine

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"
)

// KafkaRecord is one record a KafkaSink produces.
type KafkaRecord struct {
	Key, Value []byte
}

// KafkaProducer sends one batch's records to a topic and returns when the
// broker acknowledged every one.
type KafkaProducer interface {
	Produce(ctx context.Context, topic string, recs []KafkaRecord) error
}

// KafkaSink is the `kafka-json` sink: each row one record, its value
// KafkaValue, its key KafkaKey of the key columns. It is at least once, as
// Spark's Kafka sink: a re-run batch is produced again.
type KafkaSink struct {
	Topic    string
	Key      []string
	Producer KafkaProducer
}

// Write produces the batch's records; an empty batch produces nothing.
func (k *KafkaSink) Write(cp string, id int64, s *Schema, rows []Row) (bool, error) {
	return k.WriteContext(context.Background(), cp, id, s, rows)
}

// WriteContext is Write giving up when ctx ends (a stop abandoning the
// batch): records the broker acknowledged before are produced again when
// the batch re-runs (at least once, as Spark's Kafka sink).
func (k *KafkaSink) WriteContext(ctx context.Context, _ string, _ int64, s *Schema, rows []Row) (bool, error) {
	if len(rows) == 0 {
		return false, nil
	}
	recs := make([]KafkaRecord, len(rows))
	for i, r := range rows {
		recs[i] = KafkaRecord{Key: KafkaKey(s, r, k.Key), Value: KafkaValue(s, r)}
	}
	ctx, cancel := context.WithTimeout(ctx, kafkaProduceTimeout)
	defer cancel()
	// A producer waiting on a request in flight may not see ctx end until
	// the broker answers or its own timeout: the write does not wait.
	done := make(chan error, 1)
	go func() { done <- k.Producer.Produce(ctx, k.Topic, recs) }()
	var err error
	select {
	case err = <-done:
	case <-ctx.Done():
		err = context.Cause(ctx)
	}
	if err != nil {
		return false, fmt.Errorf("produce to kafka topic %s: %w", k.Topic, err)
	}
	return false, nil
}

// MemoryTopics is a KafkaProducer for tests: the records of each topic,
// in the order produced.
type MemoryTopics struct {
	mu     sync.Mutex
	topics map[string][]KafkaRecord
}

// Produce appends the records to the topic.
func (m *MemoryTopics) Produce(_ context.Context, topic string, recs []KafkaRecord) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.topics == nil {
		m.topics = map[string][]KafkaRecord{}
	}
	m.topics[topic] = append(m.topics[topic], recs...)
	return nil
}

// Records returns a copy of the topic's records.
func (m *MemoryTopics) Records(topic string) []KafkaRecord {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]KafkaRecord(nil), m.topics[topic]...)
}

// KafkaBroker is a KafkaProducer writing to a real broker with franz-go:
// an idempotent producer (franz-go's default), acks from all in-sync
// replicas.
type KafkaBroker struct {
	client  *kgo.Client
	servers string
}

// kafkaReachTimeout bounds how long opening a Kafka sink waits for one of
// its bootstrap servers to answer: an unreachable broker fails the run
// before its first batch, naming the servers, instead of when a batch's
// produce times out.
const kafkaReachTimeout = 10 * time.Second

// kafkaProduceTimeout bounds one batch's produce: a broker lost mid-run
// fails the batch (uncommitted; it re-runs) after this long.
const kafkaProduceTimeout = 2 * time.Minute

// KafkaAuth is how a KafkaBroker authenticates: SASL mechanism (PLAIN,
// SCRAM-SHA-256, SCRAM-SHA-512) and user:password credentials; empty for
// none.
type KafkaAuth struct {
	Mechanism, Credentials string
}

// NewKafkaBroker opens a producer to the comma-separated bootstrap servers.
func NewKafkaBroker(servers string, auth KafkaAuth) (*KafkaBroker, error) {
	opts := []kgo.Opt{kgo.SeedBrokers(strings.Split(servers, ",")...), kgo.RequiredAcks(kgo.AllISRAcks())}
	if auth.Credentials != "" {
		user, pass, _ := strings.Cut(auth.Credentials, ":")
		switch strings.ToUpper(auth.Mechanism) {
		case "SCRAM-SHA-256":
			opts = append(opts, kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha256Mechanism()))
		case "SCRAM-SHA-512":
			opts = append(opts, kgo.SASL(scram.Auth{User: user, Pass: pass}.AsSha512Mechanism()))
		default:
			opts = append(opts, kgo.SASL(plain.Auth{User: user, Pass: pass}.AsMechanism()))
		}
	}
	c, err := kgo.NewClient(opts...)
	if err != nil {
		return nil, fmt.Errorf("open kafka producer: %w", err)
	}
	return &KafkaBroker{client: c, servers: servers}, nil
}

// Reach waits until one of the bootstrap servers answers, at most
// kafkaReachTimeout, or until ctx ends (the run stopped: it returns at
// once, whatever the client is waiting on); the error names the servers.
func (k *KafkaBroker) Reach(ctx context.Context) error {
	wait, cancel := context.WithTimeout(ctx, kafkaReachTimeout)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- k.client.Ping(wait) }()
	var err error
	select {
	case err = <-done:
	case <-wait.Done():
		err = context.Cause(wait)
	}
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return fmt.Errorf("kafka bootstrap servers %s: stopped while waiting for them to answer: %w", k.servers, context.Cause(ctx))
	}
	return fmt.Errorf("kafka bootstrap servers %s did not answer within %s: %w", k.servers, kafkaReachTimeout, err)
}

// Produce sends the records and waits for every acknowledgement.
func (k *KafkaBroker) Produce(ctx context.Context, topic string, recs []KafkaRecord) error {
	rs := make([]*kgo.Record, len(recs))
	for i, r := range recs {
		rs[i] = &kgo.Record{Topic: topic, Key: r.Key, Value: r.Value}
	}
	if err := k.client.ProduceSync(ctx, rs...).FirstErr(); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("kafka bootstrap servers %s: no acknowledgement of %d records within %s: %w", k.servers, len(recs), kafkaProduceTimeout, err)
		}
		return fmt.Errorf("kafka bootstrap servers %s: %w", k.servers, err)
	}
	return nil
}

// Close flushes and closes the producer.
func (k *KafkaBroker) Close() { k.client.Close() }
