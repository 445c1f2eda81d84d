// Package kafkajson is the `kafka-json` plugin: JSON records of Kafka
// topics, read as a stream (Spark engine) or appended by a producer, one
// record per row (both engines). Its spec (Spec, with its option checks
// and the check of a sink's topic and key columns), its Spark generator
// part (Spark) and its local engine part (Local: the producer to the
// asset's broker, Broker, through franz-go) live here; the package
// registers all three when it is imported (plugins/all). The sink that
// renders rows as records is the local engine's (localengine.KafkaSink,
// KafkaValue, KafkaKey: the bytes Spark's to_json writes).
package kafkajson

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/pyspark"
)

// Name is the plugin's name, as a profile writes it (`plugin: kafka-json`).
const Name profile.PluginName = "kafka-json"

func init() {
	profile.RegisterDefault(Spec())
	pyspark.Register(Spark())
	localengine.Register(Local())
}
