package localengine

import (
	"context"
	"fmt"
	"sync"
	"time"
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
	ctx, cancel := context.WithTimeout(ctx, KafkaProduceTimeout)
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

// KafkaProduceTimeout bounds one batch's produce (KafkaSink.WriteContext):
// a broker lost mid-run fails the batch (uncommitted; it re-runs) after
// this long.
const KafkaProduceTimeout = 2 * time.Minute
