// Package delta is the `delta` plugin: a Delta Lake table, as an append
// sink, an idempotent MERGE sink (and the target of a CDF MERGE), or the
// static side of a stream-static join. Its spec (Spec), its Spark
// generator part (Spark) and its local engine part (Local) live here; the
// package registers all three when it is imported (plugins/all). The
// local engine's tables are its DeltaCatalog (localengine.DeltaTable,
// DeltaSink, DeltaStatic).
//
// What the `delta-cdf` plugin (plugins/deltacdf) shares with it, reading
// a table this plugin names, is exported here: TableName (the local
// engine's catalog name), TableOrPath and RowPayload (the Spark read of a
// table's rows as JSON payloads) and Package.
package delta

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/pyspark"
)

// Name is the plugin's name, as a profile writes it (`plugin: delta`).
const Name profile.PluginName = "delta"

// Package is the Maven artifact the Spark server needs to read or write
// a Delta table.
const Package = "io.delta:delta-spark_2.13"

func init() {
	profile.RegisterDefault(Spec())
	pyspark.Register(Spark())
	localengine.Register(Local())
}
