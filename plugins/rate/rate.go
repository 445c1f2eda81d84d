// Package rate is the `rate` plugin: generated rows (timestamp, value) at a
// fixed rate, for load tests and demos. Its spec (Spec), its Spark
// generator part (Spark) and its local engine part (Local) live here; the
// package registers all three when it is imported (plugins/all).
package rate

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/pyspark"
)

// Name is the plugin's name, as a profile writes it (`plugin: rate`).
const Name profile.PluginName = "rate"

func init() {
	profile.RegisterDefault(Spec())
	pyspark.Register(Spark())
	localengine.Register(Local())
}
