package profile

import (
	"slices"
	"strings"
	"testing"
)

// kafkaSinkProfile binds the example pipeline on engine; windows and
// events are the asset lines of customer_order_windows and order_events.
func kafkaSinkProfile(engine, windows, events string) string {
	if events == "" {
		events = "{plugin: memory}"
		if engine == EnginePySpark {
			events = "{plugin: kafka-json, resource: k, topic: e}"
		}
	}
	rest := "{plugin: file-json, path: /tmp/r}"
	return "name: t\nengine: " + engine + "\ntest: true\nexecution: {trigger: available-now, checkpoint_root: /tmp/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\nassets:\n" +
		"  order_events: " + events + "\n  rejected_order_events: " + rest + "\n  late_order_events: " + rest + "\n" +
		"  customer_order_windows: " + windows + "\n"
}

// TestKafkaSinkBinding: a kafka-json asset a load writes is an append
// sink, at least once, on both engines; one topic (ETL-P355), key columns
// of the loaded contract (ETL-P356), no source-only option, no serializer
// setting, and the local engine does not read it (ETL-P332).
func TestKafkaSinkBinding(t *testing.T) {
	tests := []struct {
		name, engine, windows, events string
		want                          []string
	}{
		{name: "sink", engine: EnginePySpark, windows: "{plugin: kafka-json, resource: k, topic: w, key: [customer_id, window_start]}"},
		{name: "local sink", engine: EngineLocal, windows: "{plugin: kafka-json, resource: k, topic: w, key: [customer_id]}"},
		{name: "two topics", engine: EnginePySpark, windows: "{plugin: kafka-json, resource: k, topic: 'w,x'}", want: []string{CodeSinkTopic}},
		{name: "unknown key", engine: EnginePySpark, windows: "{plugin: kafka-json, resource: k, topic: w, key: [customer]}", want: []string{CodeKafkaKey}},
		{name: "source option", engine: EnginePySpark, windows: "{plugin: kafka-json, resource: k, topic: w, starting_offsets: earliest}",
			want: []string{CodeOptionNotApplies}},
		{name: "key on source", engine: EnginePySpark, windows: "{plugin: kafka-json, resource: k, topic: w}",
			events: "{plugin: kafka-json, resource: k, topic: e, key: [event_id]}", want: []string{CodeOptionNotApplies}},
		{name: "read on local", engine: EngineLocal, windows: "{plugin: kafka-json, resource: k, topic: w}",
			events: "{plugin: kafka-json, resource: k, topic: e}", want: []string{CodeEngineMismatch}},
		{name: "serializer", engine: EnginePySpark, windows: "{plugin: kafka-json, resource: k, topic: w, kafka: {value.serializer: x}}",
			want: []string{CodeKafkaSetting}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p, diags := Parse("t.yaml", []byte(kafkaSinkProfile(tc.engine, tc.windows, tc.events)))
			if p != nil && len(diags) == 0 {
				var b *Binding
				b, diags = Bind(p, exampleDoc(), examplePipeline)
				if len(diags) == 0 {
					checkKafkaGuarantee(t, b, tc.engine)
				}
			}
			if got := sortedCodes(diags); !slices.Equal(got, tc.want) {
				t.Errorf("codes = %v, want %v\n%s", got, tc.want, render(diags))
			}
		})
	}
}

// checkKafkaGuarantee: the windows sink is an append sink, at least once
// on the engine, and says why.
func checkKafkaGuarantee(t *testing.T, b *Binding, engine string) {
	t.Helper()
	s, ok := b.Sink("customer_order_windows")
	if !ok {
		t.Fatal("no sink customer_order_windows")
	}
	if s.Role != RoleAppendSink {
		t.Errorf("role = %s, want append-sink", s.Role)
	}
	g := s.WriteMode.Guarantee(s.Asset.Plugin.Name, engine)
	if g.Level != AtLeastOnce || !strings.Contains(strings.Join(g.Requirements, " "), "enable.idempotence") {
		t.Errorf("guarantee = %+v, want at least once, saying what the idempotent producer does not cover", g)
	}
}
