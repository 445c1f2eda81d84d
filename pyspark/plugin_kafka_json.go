package pyspark

import (
	"slices"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// kafkaJSONPlugin reads a Kafka topic (kafka-json): one JSON payload per
// record, validated against the extract's contract, with topic, partition,
// offset and Kafka timestamp as lineage. A batch is read again by its
// offset range (late rows).
func kafkaJSONPlugin() plugin {
	return plugin{name: profile.PluginKafkaJSON, roles: []profile.Role{profile.RoleStreamingSource},
		read: readKafkaJSON, reread: rereadKafka}
}

// kafkaLineage are the Kafka columns kept next to the payload.
var kafkaLineage = []string{"value AS raw_payload", "topic AS _etl_topic", "partition AS _etl_partition",
	"offset AS _etl_offset", "timestamp AS _etl_kafka_timestamp"}

// kafkaHeaders is the lineage column of a source with include_headers: the
// records' headers as Spark reads them (array<struct<key: string, value:
// binary>>, NULL for a record without headers).
const kafkaHeaders = "headers AS _etl_headers"

func readKafkaJSON(sv *sourceView, s *planner.Source) error {
	sv.Format, sv.Kafka, sv.payload = PyString("kafka"), true, sparksql.PayloadBinary
	lineage := kafkaLineage
	if sv.Headers = s.Binding.Asset.Bool("include_headers"); sv.Headers {
		lineage = append(slices.Clone(kafkaLineage), kafkaHeaders)
	}
	sv.Options, sv.Lineage = optionsKV(s.Options), pyList(lineage)
	credentials(sv, s.Binding)
	return nil
}

// credentials names the environment variable holding the Kafka SASL
// credentials (the resource's credential_env) and the SASL mechanism; the
// program reads the variable at run time.
func credentials(sv *sourceView, b *profile.AssetBinding) {
	if b == nil || b.Asset.Resource == nil {
		return
	}
	if env := b.Asset.Resource.String("credential_env"); env != "" {
		sv.CredEnv = PyString(env)
	}
	if m := b.Asset.Resource.String("sasl_mechanism"); m != "" {
		sv.Mechanism = PyString(m)
	}
}
