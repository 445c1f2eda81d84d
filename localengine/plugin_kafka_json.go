package localengine

import (
	"fmt"
	"os"

	"github.com/etlgen/etlgen/framework/profile"
)

// kafkaJSONPlugin runs the `kafka-json` plugin as a sink only (the local
// engine reads no Kafka topic): a KafkaSink producing to the Env's memory
// topics when the Env has them (tests), else to the broker of the asset's
// kafka resource through franz-go, with SASL credentials from its
// credential_env.
func kafkaJSONPlugin() Plugin {
	return Plugin{
		Name:  profile.PluginKafkaJSON,
		Sinks: map[profile.Role]SinkFactory{profile.RoleAppendSink: openKafkaSink},
	}
}

// openKafkaSink opens the producer of the sink's topic.
func openKafkaSink(a sinkArgs) (Sink, error) {
	b := a.q.Sink.Binding
	sink := &KafkaSink{Topic: b.Asset.String("topic"), Key: b.Asset.Strings("key")}
	if a.env.Kafka != nil {
		sink.Producer = a.env.Kafka
		return sink, nil
	}
	res := b.Asset.Resource
	if res == nil {
		return nil, fmt.Errorf("kafka sink %s: no kafka resource", a.q.Sink.Asset)
	}
	auth := KafkaAuth{Mechanism: res.String("sasl_mechanism")}
	if env := res.String("credential_env"); env != "" {
		v, ok := os.LookupEnv(env)
		if !ok {
			return nil, fmt.Errorf("kafka sink %s: environment variable %s (credential_env) is not set", a.q.Sink.Asset, env)
		}
		auth.Credentials = v
	}
	p, err := NewKafkaBroker(res.String("bootstrap_servers"), auth)
	if err != nil {
		return nil, fmt.Errorf("kafka sink %s: %w", a.q.Sink.Asset, err)
	}
	if err := p.Reach(a.ctx); err != nil {
		p.Close()
		return nil, fmt.Errorf("kafka sink %s: %w", a.q.Sink.Asset, err)
	}
	sink.Producer = p
	return sink, nil
}
