// Package iceberg is the `iceberg` plugin: an Apache Iceberg table in a
// Hadoop catalog whose warehouse is a path (the stack's S3 store), an
// append or MERGE sink of the Spark engine, idempotent per batch id
// through the snapshot summary. Its spec (Spec), its Spark generator part
// (Spark) and the Spark program's runtime module of its sink kind
// (runtime/iceberg.py, shipped as etlgen_runtime/iceberg.py) live here;
// the package registers them when it is imported (plugins/all). The local
// engine does not run it (the spec lists the Spark engine only: binding
// it on the local engine is ETL-P332).
package iceberg

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/pyspark"
)

// Name is the plugin's name, as a profile writes it (`plugin: iceberg`).
const Name profile.PluginName = "iceberg"

func init() {
	profile.RegisterDefault(Spec())
	pyspark.Register(Spark())
}
