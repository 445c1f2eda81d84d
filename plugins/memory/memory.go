// Package memory is the `memory` plugin: in-process streams and tables for
// tests (testkit), on the local engine only. Its spec (Spec) and its local
// engine part (Local) live here; the package registers both when it is
// imported (plugins/all). The streams and tables themselves are the local
// engine's (localengine.MemoryStream, localengine.MemoryTable), which
// tests also build directly.
package memory

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
)

// Name is the plugin's name, as a profile writes it (`plugin: memory`).
const Name profile.PluginName = "memory"

func init() {
	profile.RegisterDefault(Spec())
	localengine.Register(Local())
}
