package pyspark

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// ratePlugin reads Spark's rate source: generated typed rows (timestamp,
// value), the extract's contract exactly (profile.Bind checks it,
// ETL-P346); no payload validation and no invalid port.
func ratePlugin() plugin {
	return plugin{name: profile.PluginRate, roles: []profile.Role{profile.RoleStreamingSource}, read: readRate}
}

func readRate(sv *sourceView, s *planner.Source) error {
	sv.Typed, sv.Rows, sv.Format = true, "typed rows (timestamp, value)", PyString("rate")
	sv.Options = optionsKV(s.Options)
	return nil
}
