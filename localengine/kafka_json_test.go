package localengine

import (
	"context"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/shopspring/decimal"
)

// TestKafkaValue: the record value and key of a row, as Spark's
// to_json(struct(...), timestampFormat with microseconds,
// ignoreNullFields=false) and CAST(... AS STRING) write them (measured on
// Spark 4.1: TestLiveKafkaSink compares the bytes on the stack).
func TestKafkaValue(t *testing.T) {
	str, i64 := contracts.Type{Kind: contracts.KindString}, contracts.Type{Kind: contracts.KindInt64}
	s := NewSchema([]Column{{Name: "id", Type: str}, {Name: "n", Type: i64}, {Name: "d", Type: contracts.Type{Kind: contracts.KindFloat64}},
		{Name: "total", Type: contracts.Type{Kind: contracts.KindDecimal, Precision: 18, Scale: 2}},
		{Name: "at", Type: contracts.Type{Kind: contracts.KindTimestamp}}, {Name: "ok", Type: contracts.Type{Kind: contracts.KindBool}},
		{Name: "none", Type: str}})
	at := time.Date(2026, 7, 15, 11, 50, 0, 120000000, time.UTC)
	r := Row{"a\"b\\é\n\x01<", int64(42), 1.5, decimal.RequireFromString("12.5"), at, true, nil}
	want := `{"id":"a\"b\\é\n\u0001<","n":42,"d":1.5,"total":12.50,"at":"2026-07-15T11:50:00.120000Z","ok":true,"none":null}`
	if got := string(KafkaValue(s, r)); got != want {
		t.Errorf("value\n got %s\nwant %s", got, want)
	}
	keys := map[string][]string{"42": {"n"}, "2026-07-15 11:50:00.12": {"at"}, `{"n":42,"id":"a\"b\\é\n\u0001<"}`: {"n", "id"}, "": {"none"}}
	for want, cols := range keys {
		if got := string(KafkaKey(s, r, cols)); got != want {
			t.Errorf("key %v = %q, want %q", cols, got, want)
		}
	}
	for f, want := range map[float64]string{1: "1.0", 1e7: "1.0E7", 1.5e-4: "1.5E-4", 0.001: "0.001", -2.25: "-2.25", 123456.789: "123456.789"} {
		if got := string(appendJavaDouble(nil, f)); got != want {
			t.Errorf("double %v = %s, want %s", f, got, want)
		}
	}
}

// TestKafkaSinkMemory: a KafkaSink produces one record per row to its
// topic, nothing for an empty batch, and a re-run batch again (at least
// once).
func TestKafkaSinkMemory(t *testing.T) {
	mt := &MemoryTopics{}
	s := NewSchema([]Column{{Name: "id", Type: contracts.Type{Kind: contracts.KindString}}})
	k := &KafkaSink{Topic: "out", Key: []string{"id"}, Producer: mt}
	for _, rows := range [][]Row{{{"a"}, {"b"}}, nil, {{"a"}, {"b"}}} {
		if _, err := k.Write("", 0, s, rows); err != nil {
			t.Fatal(err)
		}
	}
	got := mt.Records("out")
	if len(got) != 4 || string(got[2].Key) != "a" || string(got[3].Value) != `{"id":"b"}` {
		t.Errorf("records = %q", got)
	}
	if err := mt.Produce(context.Background(), "other", nil); err != nil || len(mt.Records("other")) != 0 {
		t.Errorf("other topic: %v %v", err, mt.Records("other"))
	}
}
