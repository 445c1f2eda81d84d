package kafkajson

import (
	"slices"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// Spark reads a Kafka topic (kafka-json): one JSON payload per record,
// validated against the extract's contract, with topic, partition, offset
// and Kafka timestamp as lineage. A batch is read again by its offset
// range (late rows). As a sink it produces one record per row from
// foreachBatch (rt.write_kafka).
func Spark() pyspark.Plugin {
	return pyspark.Plugin{Name: Name, Roles: []profile.Role{profile.RoleStreamingSource, profile.RoleAppendSink},
		Read: readKafkaJSON, Write: writeKafkaJSON, Reread: pyspark.RereadKafka}
}

// kafkaLineage are the Kafka columns kept next to the payload.
var kafkaLineage = []string{"value AS raw_payload", "topic AS _etl_topic", "partition AS _etl_partition",
	"offset AS _etl_offset", "timestamp AS _etl_kafka_timestamp"}

// kafkaHeaders is the lineage column of a source with include_headers: the
// records' headers as Spark reads them (array<struct<key: string, value:
// binary>>, NULL for a record without headers).
const kafkaHeaders = "headers AS _etl_headers"

func readKafkaJSON(sv *pyspark.SourceView, s *planner.Source) error {
	sv.Format, sv.Kafka, sv.PayloadType = pyspark.PyString("kafka"), true, sparksql.PayloadBinary
	lineage := kafkaLineage
	if sv.Headers = s.Binding.Asset.Bool("include_headers"); sv.Headers {
		lineage = append(slices.Clone(kafkaLineage), kafkaHeaders)
	}
	sv.Options, sv.Lineage = pyspark.OptionsKV(s.Options), pyspark.PyList(lineage)
	credentials(sv, s.Binding)
	return nil
}

// credentials names the environment variable holding the Kafka SASL
// credentials (the resource's credential_env) and the SASL mechanism; the
// program reads the variable at run time.
func credentials(sv *pyspark.SourceView, b *profile.AssetBinding) {
	if b == nil || b.Asset.Resource == nil {
		return
	}
	if env := b.Asset.Resource.String("credential_env"); env != "" {
		sv.CredEnv = pyspark.PyString(env)
	}
	if m := b.Asset.Resource.String("sasl_mechanism"); m != "" {
		sv.Mechanism = pyspark.PyString(m)
	}
}

// kafkaJSONOptions are the to_json options of a Kafka sink's value and
// multi-column key: timestamps with microseconds (the session is UTC) and
// NULL fields kept, as the local engine writes them (localengine.KafkaValue).
const kafkaJSONOptions = "map('timestampFormat', 'yyyy-MM-dd''T''HH:mm:ss.SSSSSSXXX', 'ignoreNullFields', 'false')"

// writeKafkaJSON produces a query's rows to the asset's topic from
// foreachBatch (rt.write_kafka): value to_json of the row in the contract's
// column order, key the key columns; at least once.
func writeKafkaJSON(sv *pyspark.SinkView, s *planner.Sink, c *contracts.Contract) error {
	a := s.Binding.Asset
	sv.Kind, sv.Target = "kafka", pyspark.PyString(a.String("topic"))
	opts := map[string]string{}
	for k, v := range a.SparkOptions() {
		if strings.HasPrefix(k, "kafka.") {
			opts[k] = v
		}
	}
	sv.KafkaOptions, sv.KafkaOptionsEnv = pyspark.PyDict(opts), "None"
	if env := a.SparkOptionsEnv(); len(env) > 0 {
		sv.KafkaOptionsEnv = pyspark.PyDict(env)
	}
	cols := make([]string, len(c.Fields))
	for i, f := range c.Fields {
		cols[i] = pyspark.SQLIdent(f.Name)
	}
	sv.Value, sv.Key = pyspark.PyString(kafkaJSON(cols)), "None"
	switch key := a.Strings("key"); len(key) {
	case 0:
	case 1:
		sv.Key = pyspark.PyString("CAST(" + pyspark.SQLIdent(key[0]) + " AS STRING)")
	default:
		kc := make([]string, len(key))
		for i, k := range key {
			kc[i] = pyspark.SQLIdent(k)
		}
		sv.Key = pyspark.PyString(kafkaJSON(kc))
	}
	sv.CredEnv, sv.Mechanism = "None", "None"
	if r := a.Resource; r != nil {
		if env := r.String("credential_env"); env != "" {
			sv.CredEnv = pyspark.PyString(env)
		}
		if m := r.String("sasl_mechanism"); m != "" {
			sv.Mechanism = pyspark.PyString(m)
		}
	}
	return nil
}

// kafkaJSON is the SQL of to_json of a struct of the quoted columns.
func kafkaJSON(cols []string) string {
	return "to_json(struct(" + strings.Join(cols, ", ") + "), " + kafkaJSONOptions + ")"
}
