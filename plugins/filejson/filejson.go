// Package filejson is the `file-json` plugin: JSON-lines files in a
// directory, as a streaming source, the static side of a join, or an
// append sink. Its spec (Spec), its Spark generator part (Spark) and its
// local engine part (Local) live here; the package registers all three
// when it is imported (plugins/all). The files' reader and writer are the
// local engine's (localengine.FileSource, FileStatic, FileSink).
package filejson

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/pyspark"
)

// Name is the plugin's name, as a profile writes it (`plugin: file-json`).
const Name profile.PluginName = "file-json"

func init() {
	profile.RegisterDefault(Spec())
	pyspark.Register(Spark())
	localengine.Register(Local())
}
