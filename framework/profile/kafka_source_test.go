package profile

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// kafkaProfile is a pyspark profile whose one asset a is a kafka-json
// source with the given options (flow-mapping entries).
func kafkaProfile(options string) string {
	return "name: t\nengine: pyspark\nexecution: {trigger: once, checkpoint_root: s3a://w/ck}\n" +
		"resources:\n  spark: {connect_url: \"sc://h:1\"}\n  k: {bootstrap_servers: \"h:9092\"}\n" +
		"assets:\n  a: {plugin: kafka-json, resource: k, " + options + "}\n"
}

// TestKafkaSourceOptions: the subscription options, the read limits,
// group_id_prefix, include_headers and the kafka.* pass-through, accepted
// with the Spark options they become, or refused with their code.
func TestKafkaSourceOptions(t *testing.T) {
	base := map[string]string{"startingOffsets": "latest", "failOnDataLoss": "true",
		"kafka.bootstrap.servers": "h:9092", "kafka.security.protocol": "PLAINTEXT"}
	with := func(kv ...string) map[string]string {
		out := map[string]string{}
		for k, v := range base {
			out[k] = v
		}
		for i := 0; i < len(kv); i += 2 {
			out[kv[i]] = kv[i+1]
		}
		return out
	}
	tests := []struct {
		name, options string
		want          map[string]string // Spark options when accepted
		env           map[string]string // SparkOptionsEnv
		identity      string
		code, path    string // the first diagnostic when refused
	}{
		{name: "topic list", options: "topic: \"orders, payments\"", want: with("subscribe", "orders, payments"), identity: "orders, payments"},
		{name: "pattern", options: "subscribe_pattern: orders-.*", want: with("subscribePattern", "orders-.*"), identity: "orders-.*"},
		{name: "assign mapping", options: "assign: {orders: [1, 0], audit: [3]}",
			want: with("assign", `{"audit":[3],"orders":[0,1]}`), identity: "audit,orders"},
		{name: "assign JSON", options: `assign: '{"orders": [0]}'`, want: with("assign", `{"orders":[0]}`), identity: "orders"},
		{name: "assign offsets exactly", options: `assign: {orders: [0, 1]}, starting_offsets: {orders: {"0": 5, "1": -2}}`,
			want: with("assign", `{"orders":[0,1]}`, "startingOffsets", `{"orders":{"0":5,"1":-2}}`), identity: "orders"},
		{name: "pattern offsets", options: `subscribe_pattern: "orders-.*", starting_offsets: {orders-eu: {"0": -2}}`,
			want: with("subscribePattern", "orders-.*", "startingOffsets", `{"orders-eu":{"0":-2}}`), identity: "orders-.*"},
		{name: "read limits", options: "topic: o, min_offsets_per_trigger: 100, max_offsets_per_trigger: 1000, max_trigger_delay: 90s",
			want: with("subscribe", "o", "minOffsetsPerTrigger", "100", "maxOffsetsPerTrigger", "1000", "maxTriggerDelay", "90s"), identity: "o"},
		{name: "trigger delay in ms", options: "topic: o, min_offsets_per_trigger: 1, max_trigger_delay: 1500ms",
			want: with("subscribe", "o", "minOffsetsPerTrigger", "1", "maxTriggerDelay", "1500ms"), identity: "o"},
		{name: "group prefix and headers", options: "topic: o, group_id_prefix: etl-orders, include_headers: true",
			want: with("subscribe", "o", "groupIdPrefix", "etl-orders", "includeHeaders", "true"), identity: "o"},
		{name: "consumer settings", options: `topic: o, kafka: {fetch.max.wait.ms: "200", ssl.truststore.password: "${env:TRUST_PW}"}`,
			want: with("subscribe", "o", "kafka.fetch.max.wait.ms", "200"), env: map[string]string{"kafka.ssl.truststore.password": "TRUST_PW"}, identity: "o"},

		{name: "no subscription", options: "starting_offsets: earliest", code: CodeMissingOption, path: "assets.a"},
		{name: "two subscriptions", options: "topic: o, subscribe_pattern: o.*", code: CodeExclusiveOptions, path: "assets.a.subscribe_pattern"},
		{name: "empty topic list", options: `topic: " , "`, code: CodeBadValue, path: "assets.a.topic"},
		{name: "illegal topic name", options: `topic: "orders/eu"`, code: CodeBadValue, path: "assets.a.topic"},
		{name: "empty pattern", options: `subscribe_pattern: " "`, code: CodeBadValue, path: "assets.a.subscribe_pattern"},
		{name: "assign nothing", options: "assign: {}", code: CodeBadValue, path: "assets.a.assign"},
		{name: "assign no partitions", options: "assign: {orders: []}", code: CodeBadValue, path: "assets.a.assign.orders"},
		{name: "assign negative", options: "assign: {orders: [-1]}", code: CodeBadValue, path: "assets.a.assign.orders"},
		{name: "assign twice", options: "assign: {orders: [0, 0]}", code: CodeBadValue, path: "assets.a.assign.orders"},
		{name: "assign not a list", options: "assign: {orders: 0}", code: CodeWrongType, path: "assets.a.assign.orders"},
		{name: "assign bad JSON", options: `assign: '{"orders": 0}'`, code: CodeBadValue, path: "assets.a.assign"},
		{name: "assign offsets miss a partition", options: `assign: {orders: [0, 1]}, starting_offsets: {orders: {"0": -2}}`,
			code: CodeOffsetsTopic, path: "assets.a.starting_offsets"},
		{name: "assign offsets name another", options: `assign: {orders: [0]}, starting_offsets_by_timestamp: {orders: {"0": 1, "2": 1}}`,
			code: CodeOffsetsTopic, path: "assets.a.starting_offsets_by_timestamp"},
		{name: "pattern offsets unmatched", options: `subscribe_pattern: "orders-.*", starting_offsets: {payments: {"0": -2}}`,
			code: CodeOffsetsTopic, path: "assets.a.starting_offsets"},
		{name: "delay without minimum", options: "topic: o, max_trigger_delay: 5s", code: CodeOptionNotApplies, path: "assets.a.max_trigger_delay"},
		{name: "minimum above maximum", options: "topic: o, min_offsets_per_trigger: 20, max_offsets_per_trigger: 15",
			code: CodeBadValue, path: "assets.a.min_offsets_per_trigger"},
		{name: "blank group prefix", options: `topic: o, group_id_prefix: "a b"`, code: CodeBadValue, path: "assets.a.group_id_prefix"},
		{name: "auto.offset.reset", options: "topic: o, kafka: {auto.offset.reset: earliest}", code: CodeKafkaSetting, path: "assets.a.kafka.auto.offset.reset"},
		{name: "group.id", options: "topic: o, kafka: {group.id: fixed}", code: CodeKafkaSetting, path: "assets.a.kafka.group.id"},
		{name: "bootstrap.servers", options: `topic: o, kafka: {bootstrap.servers: "h:1"}`, code: CodeKafkaSetting, path: "assets.a.kafka.bootstrap.servers"},
		{name: "jaas", options: `topic: o, kafka: {sasl.jaas.config: "${env:JAAS}"}`, code: CodeKafkaSetting, path: "assets.a.kafka.sasl.jaas.config"},
		{name: "prefixed key", options: `topic: o, kafka: {kafka.fetch.max.wait.ms: "1"}`, code: CodeKafkaSetting, path: "assets.a.kafka.kafka.fetch.max.wait.ms"},
		{name: "not a setting name", options: `topic: o, kafka: {"Fetch Max": "1"}`, code: CodeKafkaSetting, path: "assets.a.kafka.Fetch Max"},
		{name: "literal credential", options: `topic: o, kafka: {ssl.key.password: hunter2}`, code: CodeSecretLiteral, path: "assets.a.kafka.ssl.key.password"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, diags := Parse("t.yaml", []byte(kafkaProfile(tt.options)))
			if tt.code != "" {
				if len(diags) == 0 || diags[0].Code != tt.code || diags[0].Path != tt.path {
					t.Fatalf("want %s at %s, got:\n%s", tt.code, tt.path, render(diags))
				}
				if strings.Contains(diags[0].Message, "hunter2") {
					t.Errorf("the message quotes the value: %s", diags[0].Message)
				}
				return
			}
			if len(diags) != 0 {
				t.Fatalf("diagnostics:\n%s", render(diags))
			}
			a, _ := p.Asset("a")
			if diff := cmp.Diff(tt.want, a.SparkOptions()); diff != "" {
				t.Errorf("Spark options (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.env, a.SparkOptionsEnv()); diff != "" {
				t.Errorf("Spark options from the environment (-want +got):\n%s", diff)
			}
			b := &AssetBinding{Asset: a, Role: RoleStreamingSource}
			if got := b.Identity(); got != tt.identity {
				t.Errorf("Identity() = %q, want %q", got, tt.identity)
			}
		})
	}
}
