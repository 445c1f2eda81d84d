// Package deltacdf is the `delta-cdf` plugin: the Change Data Feed of a
// Delta table read as a stream, each change row a JSON payload validated
// against the extract's contract. Its spec (Spec), its Spark generator
// part (Spark) and its local engine part (Local) live here; the package
// registers all three when it is imported (plugins/all). It reads a table
// as the `delta` plugin names it (plugins/delta: TableName, TableOrPath,
// RowPayload); the local engine's change feed is localengine.CDFSource.
package deltacdf

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/pyspark"
)

// Name is the plugin's name, as a profile writes it (`plugin: delta-cdf`;
// a Go package name has no hyphen).
const Name profile.PluginName = "delta-cdf"

func init() {
	profile.RegisterDefault(Spec())
	pyspark.Register(Spark())
	localengine.Register(Local())
}
