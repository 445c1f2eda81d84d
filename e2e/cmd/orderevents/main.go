// Command orderevents writes order events to a Kafka topic with franz-go, for
// `make demo-spark` and `make bench-spark`: either the lines of JSON-lines
// files (-from) or n deterministic synthetic events (-n, package e2e/orders).
// The topic is created when missing.
//
//	go run ./e2e/cmd/orderevents -topic order-events -from examples/order-streaming/testdata/events -if-empty
//	go run ./e2e/cmd/orderevents -topic bench_orders -n 200000 -partitions 2
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"time"

	"github.com/twmb/franz-go/pkg/kadm"
	"github.com/twmb/franz-go/pkg/kerr"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/e2e/orders"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "orderevents:", err)
		os.Exit(1)
	}
}

func run() error {
	bootstrap := flag.String("bootstrap", envOr("ETLGEN_KAFKA_BOOTSTRAP", "127.0.0.1:9092"), "Kafka bootstrap servers")
	topic := flag.String("topic", "order-events", "topic to write to")
	partitions := flag.Int("partitions", 1, "partitions of the topic when it is created")
	from := flag.String("from", "", "a .jsonl file or a directory of them: write their lines")
	n := flag.Int("n", 0, "write n synthetic events instead")
	invalidEvery := flag.Int("invalid-every", 100, "with -n: every k-th payload is invalid (0: none)")
	customers := flag.Int("customers", 1000, "with -n: distinct customers")
	ifEmpty := flag.Bool("if-empty", false, "write nothing when the topic already holds records")
	del := flag.Bool("delete", false, "delete the topic instead")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()

	cl, err := kgo.NewClient(kgo.SeedBrokers(*bootstrap), kgo.ProducerLinger(10*time.Millisecond),
		kgo.ProducerBatchMaxBytes(1<<20), kgo.MaxBufferedRecords(50000))
	if err != nil {
		return err
	}
	defer cl.Close()
	adm := kadm.NewClient(cl)
	if *del {
		resp, err := adm.DeleteTopics(ctx, *topic)
		if err == nil {
			err = resp.Error()
		}
		return err
	}
	if err := ensureTopic(ctx, adm, *topic, int32(*partitions)); err != nil {
		return err
	}
	if *ifEmpty {
		ends, err := adm.ListEndOffsets(ctx, *topic)
		if err != nil {
			return fmt.Errorf("list end offsets of %s: %w", *topic, err)
		}
		total := int64(0)
		ends.Each(func(o kadm.ListedOffset) { total += o.Offset })
		if total > 0 {
			fmt.Printf("topic %s already holds %d records: nothing written\n", *topic, total)
			return nil
		}
	}
	payloads, err := payloadsFrom(*from, *n, *invalidEvery, *customers)
	if err != nil {
		return err
	}
	start := time.Now()
	if err := produce(ctx, cl, *topic, payloads); err != nil {
		return err
	}
	fmt.Printf("wrote %d events to %s in %s\n", len(payloads), *topic, time.Since(start).Round(time.Millisecond))
	return nil
}

func ensureTopic(ctx context.Context, adm *kadm.Client, topic string, partitions int32) error {
	resp, err := adm.CreateTopics(ctx, partitions, 1, nil, topic)
	if err != nil {
		return fmt.Errorf("create topic %s: %w", topic, err)
	}
	if err := resp.Error(); err != nil && !errors.Is(err, kerr.TopicAlreadyExists) {
		return fmt.Errorf("create topic %s: %w", topic, err)
	}
	return nil
}

func payloadsFrom(from string, n, invalidEvery, customers int) ([][]byte, error) {
	if from == "" {
		return Synthetic(n, invalidEvery, customers), nil
	}
	files := []string{from}
	if st, err := os.Stat(from); err != nil {
		return nil, err
	} else if st.IsDir() {
		if files, err = filepath.Glob(filepath.Join(from, "*.jsonl")); err != nil {
			return nil, err
		}
		sort.Strings(files)
	}
	var out [][]byte
	for _, f := range files {
		lines, err := readLines(f)
		if err != nil {
			return nil, err
		}
		out = append(out, lines...)
	}
	return out, nil
}

// Synthetic returns n payloads: events one second apart from 2026-07-15
// 00:00 UTC, every invalidEvery-th replaced by an invalid one (a status the
// contract does not allow).
func Synthetic(n, invalidEvery, customers int) [][]byte {
	ev := orders.Generate(n, orders.Options{Seed: 42, Start: time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC),
		Step: time.Second, Customers: customers})
	out := make([][]byte, n)
	for i, e := range ev {
		if invalidEvery > 0 && i%invalidEvery == invalidEvery-1 {
			e.Status = "shipped"
		}
		out[i] = e.JSON()
	}
	return out
}

func readLines(path string) ([][]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out [][]byte
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		if len(sc.Bytes()) > 0 {
			out = append(out, append([]byte(nil), sc.Bytes()...))
		}
	}
	return out, sc.Err()
}

func produce(ctx context.Context, cl *kgo.Client, topic string, payloads [][]byte) error {
	errc := make(chan error, 1)
	for _, p := range payloads {
		cl.Produce(ctx, &kgo.Record{Topic: topic, Value: p}, func(_ *kgo.Record, err error) {
			if err != nil {
				select {
				case errc <- err:
				default:
				}
			}
		})
	}
	if err := cl.Flush(ctx); err != nil {
		return err
	}
	select {
	case err := <-errc:
		return fmt.Errorf("produce to %s: %w", topic, err)
	default:
		return nil
	}
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}
