package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// deltaPlugin reads a Delta table of typed rows as the static side of a
// stream-static join (spark.read, in full at every micro-batch) and writes
// a query's rows into a Delta table: an idempotent append, a MERGE on the
// merge keys, or a CDF MERGE (planner.Sink.Changes).
func deltaPlugin() plugin {
	return plugin{name: profile.PluginDelta,
		roles: []profile.Role{profile.RoleStaticSource, profile.RoleAppendSink, profile.RoleMergeSink},
		read:  readDelta, write: writeDelta}
}

// readDelta binds a Delta table of the contract's typed rows: there is no
// payload validation and no invalid port.
func readDelta(sv *sourceView, s *planner.Source) error {
	sv.Typed, sv.Rows, sv.Format = true, "typed Delta rows", PyString("delta")
	sv.Options = optionsKV(s.Options)
	return tableOrPath(sv, s)
}

// tableOrPath sets the catalog table, else the path, a Delta source reads.
func tableOrPath(sv *sourceView, s *planner.Source) error {
	switch {
	case s.Binding.Table() != "":
		sv.Table = PyString(s.Binding.Table())
	case s.Binding.Path() != "":
		sv.Load = PyString(s.Binding.Path())
	default:
		return fmt.Errorf("source %s: a %s source needs a table or a path", s.Asset, s.Plugin)
	}
	return nil
}

func writeDelta(sv *sinkView, s *planner.Sink, c *contracts.Contract) error {
	table, path := s.Binding.Table(), s.Binding.Path()
	ref := SQLTable(table, path)
	sv.Target = PyString(ref)
	if path != "" {
		sv.PathArg = ", path=" + PyString(path)
	}
	create := sparksql.CreateTableDDL("etlgen_target", c)
	create = strings.Replace(create, SQLIdent("etlgen_target"), ref, 1)
	sv.CreateSQL = PyString(create)
	if parts := strings.Split(table, "."); path == "" && len(parts) > 1 {
		sv.SchemaSQL = PyString("CREATE SCHEMA IF NOT EXISTS " + sparksql.QuotePath(parts[:len(parts)-1]...))
	}
	sv.Kind = "append"
	if len(s.MergeKeys) > 0 && s.WriteMode == profile.WriteMerge {
		sv.Kind = "merge"
		for _, k := range s.MergeKeys {
			sv.Keys = append(sv.Keys, PyString(SQLIdent(k)))
		}
	}
	if s.Changes != nil {
		changeMerge(sv, s.Changes)
	}
	return nil
}

// changeMerge binds a CDF MERGE: per key the latest change of the batch,
// deleted or upserted (planner.ChangeMerge).
func changeMerge(sv *sinkView, cm *planner.ChangeMerge) {
	sv.Kind, sv.Keys = "changes", nil
	for _, k := range cm.Keys {
		sv.Keys = append(sv.Keys, PyString(SQLIdent(k)))
	}
	for _, col := range cm.Columns {
		sv.Changes = append(sv.Changes, PyString(SQLIdent(col.Name)))
	}
	sv.Order = pyList(cm.ChangeOrder)
}
