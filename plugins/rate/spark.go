package rate

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// Spark reads Spark's rate source: generated typed rows (timestamp,
// value), the extract's contract exactly (profile.Bind checks it,
// ETL-P346); no payload validation and no invalid port.
func Spark() pyspark.Plugin {
	return pyspark.Plugin{Name: Name, Roles: []profile.Role{profile.RoleStreamingSource}, Read: readRate}
}

func readRate(sv *pyspark.SourceView, s *planner.Source) error {
	sv.Typed, sv.Rows, sv.Format = true, "typed rows (timestamp, value)", pyspark.PyString("rate")
	sv.Options = pyspark.OptionsKV(s.Options)
	return nil
}
