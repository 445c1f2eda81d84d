package pyspark

import (
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// icebergPlugin writes a query's rows into an Iceberg table of a Hadoop
// catalog the program's session configures (planner.Session.Conf): an
// append (writeTo(...).append()) or a MERGE on the merge keys, each
// skipped when a snapshot of the table records its batch id (the
// runtime's iceberg_append and iceberg_merge).
func icebergPlugin() Plugin {
	return Plugin{Name: profile.PluginIceberg,
		Roles: []profile.Role{profile.RoleAppendSink, profile.RoleMergeSink}, Write: writeIceberg,
		Relation: func(s *planner.Sink) string { return SQLTable(s.Identity, "") }}
}

func writeIceberg(sv *sinkView, s *planner.Sink, c *contracts.Contract) error {
	ref := s.Binding.Identity() // catalog.namespace.table
	parts := strings.Split(ref, ".")
	sv.Target = PyString(SQLTable(ref, ""))
	layout := TableLayout(s)
	layout.Provider = "iceberg"
	create := sparksql.CreateTableDDLWith(ref, c, layout)
	sv.CreateSQL = PyString(create)
	sv.SchemaSQL = PyString("CREATE NAMESPACE IF NOT EXISTS " + sparksql.QuotePath(parts[:len(parts)-1]...))
	if l := LayoutLiteral(s); l != "" {
		sv.Layout = `{"format": "iceberg", ` + strings.TrimPrefix(l, "{")
	}
	sv.TableFormat = `, table_format="iceberg"`
	sv.Kind = "append"
	if len(s.MergeKeys) > 0 && s.WriteMode == profile.WriteMerge {
		sv.Kind = "merge"
		for _, k := range s.MergeKeys {
			sv.Keys = append(sv.Keys, PyString(SQLIdent(k)))
		}
	}
	return nil
}
