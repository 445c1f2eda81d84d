package iceberg

import (
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// Spark writes a query's rows into an Iceberg table of a Hadoop catalog
// the program's session configures (planner.Session.Conf): an append
// (writeTo(...).append()) or a MERGE on the merge keys, each skipped when
// a snapshot of the table records its batch id (the sink kind the runtime
// module registers: runtime/iceberg.py's append and merge).
func Spark() pyspark.Plugin {
	return pyspark.Plugin{Name: Name,
		Roles: []profile.Role{profile.RoleAppendSink, profile.RoleMergeSink}, Write: write,
		Relation: func(s *planner.Sink) string { return pyspark.SQLTable(s.Identity, "") },
		Runtime:  &pyspark.RuntimeModule{Name: "iceberg", Source: runtimeModule}}
}

func write(sv *pyspark.SinkView, s *planner.Sink, c *contracts.Contract) error {
	ref := s.Binding.Identity() // catalog.namespace.table
	parts := strings.Split(ref, ".")
	sv.Target = pyspark.PyString(pyspark.SQLTable(ref, ""))
	layout := pyspark.TableLayout(s)
	layout.Provider = "iceberg"
	sv.CreateSQL = pyspark.PyString(sparksql.CreateTableDDLWith(ref, c, layout))
	sv.SchemaSQL = pyspark.PyString("CREATE NAMESPACE IF NOT EXISTS " + sparksql.QuotePath(parts[:len(parts)-1]...))
	if l := pyspark.LayoutLiteral(s); l != "" {
		sv.Layout = `{"format": "iceberg", ` + strings.TrimPrefix(l, "{")
	}
	sv.TableFormat = pyspark.PyString("iceberg")
	sv.Kind = "append"
	if len(s.MergeKeys) > 0 && s.WriteMode == profile.WriteMerge {
		sv.Kind = "merge"
		for _, k := range s.MergeKeys {
			sv.Keys = append(sv.Keys, pyspark.PyString(pyspark.SQLIdent(k)))
		}
	}
	return nil
}
