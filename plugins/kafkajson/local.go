package kafkajson

import (
	"fmt"
	"os"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
)

// Local runs the `kafka-json` plugin on the local engine as a sink only
// (the local engine reads no Kafka topic): a localengine.KafkaSink
// producing to the Env's memory topics when the Env has them (tests), else
// to the broker of the asset's kafka resource (Broker, franz-go), with
// SASL credentials from its credential_env.
func Local() localengine.Plugin {
	return localengine.Plugin{
		Name:  Name,
		Sinks: map[profile.Role]localengine.SinkFactory{profile.RoleAppendSink: openKafkaSink},
	}
}

// openKafkaSink opens the producer of the sink's topic.
func openKafkaSink(a localengine.SinkArgs) (localengine.Sink, error) {
	q := a.Query()
	b := q.Sink.Binding
	sink := &localengine.KafkaSink{Topic: b.Asset.String("topic"), Key: b.Asset.Strings("key")}
	if a.Env().Kafka != nil {
		sink.Producer = a.Env().Kafka
		return sink, nil
	}
	res := b.Asset.Resource
	if res == nil {
		return nil, fmt.Errorf("kafka sink %s: no kafka resource", q.Sink.Asset)
	}
	auth := Auth{Mechanism: res.String("sasl_mechanism")}
	if env := res.String("credential_env"); env != "" {
		v, ok := os.LookupEnv(env)
		if !ok {
			return nil, fmt.Errorf("kafka sink %s: environment variable %s (credential_env) is not set", q.Sink.Asset, env)
		}
		auth.Credentials = v
	}
	p, err := NewBroker(res.String("bootstrap_servers"), auth)
	if err != nil {
		return nil, fmt.Errorf("kafka sink %s: %w", q.Sink.Asset, err)
	}
	if err := p.Reach(a.Context()); err != nil {
		p.Close()
		return nil, fmt.Errorf("kafka sink %s: %w", q.Sink.Asset, err)
	}
	sink.Producer = p
	return sink, nil
}
