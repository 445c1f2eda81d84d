package pyspark

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// deltaPlugin reads a Delta table as the static side of a stream-static
// join (spark.read, in full at every micro-batch; each row rendered as a
// JSON payload and validated against the contract, as the local engine
// validates its rows) and writes
// a query's rows into a Delta table: an idempotent append, a MERGE on the
// merge keys, or a CDF MERGE (planner.Sink.Changes).
func deltaPlugin() Plugin {
	return Plugin{Name: profile.PluginDelta,
		Roles: []profile.Role{profile.RoleStaticSource, profile.RoleAppendSink, profile.RoleMergeSink},
		Read:  readDelta, Write: writeDelta, Quarantine: true}
}

// readDelta binds a Delta table read as payloads: each row rendered as
// JSON (to_json(struct(*)), timestamps with microseconds, as a Change Data
// Feed's rows are) and validated against the contract, so that a row the
// contract refuses is refused on Spark as on the local engine; the table
// is the lineage's topic.
func readDelta(sv *sourceView, s *planner.Source) error {
	sv.Format, sv.PayloadType = PyString("delta"), sparksql.PayloadString
	sv.Options = optionsKV(s.Options)
	if err := tableOrPath(sv, s); err != nil {
		return err
	}
	sv.Lineage = pyList(append([]string{rowPayload, SQLString(s.Identity) + " AS _etl_topic"}, staticLineage...))
	return nil
}

// rowPayload renders a table row as a JSON payload.
var rowPayload = "to_json(struct(*), map('timestampFormat', " + SQLString("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX") + ")) AS raw_payload"

// staticLineage are the lineage columns of a table row after its topic:
// no partition, offset or timestamp.
var staticLineage = []string{"CAST(NULL AS INT) AS _etl_partition", "CAST(NULL AS BIGINT) AS _etl_offset",
	"CAST(NULL AS TIMESTAMP) AS _etl_kafka_timestamp"}

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
	create := sparksql.CreateTableDDLWith("etlgen_target", c, tableLayout(s))
	create = strings.Replace(create, SQLIdent("etlgen_target"), ref, 1)
	sv.CreateSQL, sv.Layout = PyString(create), layoutLiteral(s)
	if s.MergeSchema {
		sv.PathArg += ", merge_schema=True"
	}
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

// tableLayout is the sink's partitioning and table properties for its
// CREATE TABLE.
func tableLayout(s *planner.Sink) sparksql.TableLayout {
	l := sparksql.TableLayout{PartitionBy: s.PartitionBy}
	for _, o := range s.TableProperties {
		l.Properties = append(l.Properties, [2]string{o.Name, o.Value})
	}
	return l
}

// layoutLiteral is the Python literal of the layout the runtime checks an
// existing table against (rt.check_layout): {"partition_by": [...],
// "properties": {...}} with what the profile sets; "" when it sets nothing.
func layoutLiteral(s *planner.Sink) string {
	if len(s.PartitionBy) == 0 && len(s.TableProperties) == 0 {
		return ""
	}
	var parts []string
	if len(s.PartitionBy) > 0 {
		cols := make([]string, len(s.PartitionBy))
		for i, c := range s.PartitionBy {
			cols[i] = PyString(c)
		}
		parts = append(parts, `"partition_by": [`+strings.Join(cols, ", ")+"]")
	}
	if len(s.TableProperties) > 0 {
		props := make([]string, len(s.TableProperties))
		for i, o := range s.TableProperties {
			props[i] = PyString(o.Name) + ": " + PyString(o.Value)
		}
		parts = append(parts, `"properties": {`+strings.Join(props, ", ")+"}")
	}
	return "{" + strings.Join(parts, ", ") + "}"
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
