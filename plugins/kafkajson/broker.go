package kafkajson

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"
	"github.com/twmb/franz-go/pkg/sasl/plain"
	"github.com/twmb/franz-go/pkg/sasl/scram"

	"github.com/etlgen/etlgen/localengine"
)

// Broker is a localengine.KafkaProducer writing to a real broker with
// franz-go: an idempotent producer (franz-go's default), acks from all
// in-sync replicas.
type Broker struct {
	client  *kgo.Client
	servers string
}

// reachTimeout bounds how long opening a Kafka sink waits for one of its
// bootstrap servers to answer: an unreachable broker fails the run before
// its first batch, naming the servers, instead of when a batch's produce
// times out.
const reachTimeout = 10 * time.Second

// Auth is how a Broker authenticates: SASL mechanism (PLAIN,
// SCRAM-SHA-256, SCRAM-SHA-512) and user:password credentials; empty for
// none.
type Auth struct {
	Mechanism, Credentials string
}

// NewBroker opens a producer to the comma-separated bootstrap servers.
func NewBroker(servers string, auth Auth) (*Broker, error) {
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
	return &Broker{client: c, servers: servers}, nil
}

// Reach waits until one of the bootstrap servers answers, at most
// reachTimeout, or until ctx ends (the run stopped: it returns at once,
// whatever the client is waiting on); the error names the servers.
func (k *Broker) Reach(ctx context.Context) error {
	wait, cancel := context.WithTimeout(ctx, reachTimeout)
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
	return fmt.Errorf("kafka bootstrap servers %s did not answer within %s: %w", k.servers, reachTimeout, err)
}

// Produce sends the records and waits for every acknowledgement.
func (k *Broker) Produce(ctx context.Context, topic string, recs []localengine.KafkaRecord) error {
	rs := make([]*kgo.Record, len(recs))
	for i, r := range recs {
		rs[i] = &kgo.Record{Topic: topic, Key: r.Key, Value: r.Value}
	}
	if err := k.client.ProduceSync(ctx, rs...).FirstErr(); err != nil {
		if errors.Is(err, context.DeadlineExceeded) {
			return fmt.Errorf("kafka bootstrap servers %s: no acknowledgement of %d records within %s: %w", k.servers, len(recs), localengine.KafkaProduceTimeout, err)
		}
		return fmt.Errorf("kafka bootstrap servers %s: %w", k.servers, err)
	}
	return nil
}

// Close flushes and closes the producer.
func (k *Broker) Close() { k.client.Close() }
