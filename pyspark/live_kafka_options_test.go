package pyspark_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/e2e/stack"
)

// headersIR is the order-streaming IR whose rejected-event contract also
// declares source_headers, the column a Kafka source read with
// include_headers gives rejected rows.
func headersIR(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "order-streaming.ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	str := map[string]any{"kind": "string", "goType": "string"}
	header := map[string]any{"kind": "struct", "fields": []any{
		map[string]any{"name": "key", "goName": "Key", "type": str, "required": true},
		map[string]any{"name": "value", "goName": "Value", "type": str},
		map[string]any{"name": "value_base64", "goName": "ValueBase64", "type": str},
	}}
	for _, c := range doc["contracts"].([]any) {
		if c := c.(map[string]any); c["id"] == "rejected-order-event" {
			c["fields"] = append(c["fields"].([]any), map[string]any{"name": "source_headers", "goName": "SourceHeaders",
				"type": map[string]any{"kind": "array", "elem": header}})
		}
	}
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ir.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestLiveKafkaSourceOptions runs the generated program with the Kafka
// source options of the profile on the stack: assign (one partition of
// two: the other's records are not read), include_headers (a rejected
// row keeps its record's headers, a text value and a binary one), a
// kafka.* consumer setting and one read from the environment when the
// program starts (its value never in the program), min_offsets_per_trigger
// with max_trigger_delay.
func TestLiveKafkaSourceOptions(t *testing.T) {
	t.Parallel() // its own topic, database and checkpoints; the environment is the program's (liveStack.env)
	s := startLiveWith(t, headersIR(t), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  order_events:
    plugin: kafka-json
    resource: k
    assign: {`+s.topic+`: [1]}
    starting_offsets: earliest
    include_headers: true
    min_offsets_per_trigger: 2
    max_trigger_delay: 5s
    group_id_prefix: etlgen-live
    kafka: {fetch.max.wait.ms: "200", client.id: "${env:ETLGEN_LIVE_CLIENT_ID}"}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`) + fmt.Sprintf("  k: {kind: kafka, bootstrap_servers: %q}\n", stack.KafkaBootstrap())
	})
	const clientID = "etlgen-live-client-7f3a"
	prog, err := os.ReadFile(s.program)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(prog), `"kafka.client.id": "ETLGEN_LIVE_CLIENT_ID"`) || strings.Contains(string(prog), clientID) {
		t.Fatalf("the program should read kafka.client.id from ETLGEN_LIVE_CLIENT_ID, never hold its value")
	}
	s.env = append(s.env, "ETLGEN_LIVE_CLIENT_ID="+clientID)

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := stack.NewKafka(t)
	k.CreateTopic(ctx, s.topic, 2)
	// records go to the partition they name (the stack client's
	// partitioner would pick one)
	cl, err := kgo.NewClient(kgo.SeedBrokers(stack.KafkaBootstrap()), kgo.RecordPartitioner(kgo.ManualPartitioner()))
	if err != nil {
		t.Fatal(err)
	}
	defer cl.Close()
	hdr := []kgo.RecordHeader{{Key: "trace", Value: []byte("t-1")}, {Key: "bin", Value: []byte{0xff, 0x00}}}
	if err := cl.ProduceSync(ctx,
		&kgo.Record{Topic: s.topic, Partition: 1, Value: []byte(order("h1", 1, "2026-07-15T10:05:00Z", "paid", "1.00"))},
		&kgo.Record{Topic: s.topic, Partition: 1, Value: []byte("[]"), Headers: hdr},
		&kgo.Record{Topic: s.topic, Partition: 0, Value: []byte(order("h0", 2, "2026-07-15T10:05:00Z", "paid", "5.00"))},
		&kgo.Record{Topic: s.topic, Partition: 0, Value: []byte("{}")},
	).FirstErr(); err != nil {
		t.Fatal(err)
	}
	s.run()
	if diff := cmp.Diff([]string{"1 1.00"}, s.rowsOf("SELECT concat_ws(' ', customer_id, paid_order_total) AS k FROM "+s.db+".windows")); diff != "" {
		t.Errorf("windows: only partition 1 is assigned (-want +got):\n%s", diff)
	}
	got := s.rowsOf("SELECT concat_ws(' ', reason_code, source_partition, to_json(source_headers)) AS k FROM " + s.db + ".rejected")
	want := []string{`NOT_AN_OBJECT 1 [{"key":"trace","value":"t-1"},{"key":"bin","value_base64":"/wA="}]`}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("rejected rows with their headers (-want +got):\n%s", diff)
	}
}
