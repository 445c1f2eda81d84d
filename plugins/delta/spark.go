package delta

import (
	"fmt"
	"strings"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// Spark reads a Delta table as the static side of a stream-static join
// (spark.read, in full at every micro-batch; each row rendered as a JSON
// payload and validated against the contract, as the local engine
// validates its rows) and writes a query's rows into a Delta table: an
// idempotent append, a MERGE on the merge keys, or a CDF MERGE
// (planner.Sink.Changes). A static table's quarantine is MERGEd into it.
func Spark() pyspark.Plugin {
	return pyspark.Plugin{Name: Name,
		Roles: []profile.Role{profile.RoleStaticSource, profile.RoleAppendSink, profile.RoleMergeSink},
		Read:  read, Write: write, Quarantine: true}
}

// read binds a Delta table read as payloads: each row rendered as JSON
// (RowPayload, as a Change Data Feed's rows are) and validated against the
// contract, so that a row the contract refuses is refused on Spark as on
// the local engine; the table is the lineage's topic.
func read(sv *pyspark.SourceView, s *planner.Source) error {
	sv.Format, sv.PayloadType = pyspark.PyString("delta"), sparksql.PayloadString
	sv.Options = pyspark.OptionsKV(s.Options)
	if err := TableOrPath(sv, s); err != nil {
		return err
	}
	sv.Lineage = pyspark.PyList(append([]string{RowPayload(), pyspark.SQLString(s.Identity) + " AS _etl_topic"}, staticLineage...))
	return nil
}

// RowPayload is the lineage column that renders a table row as a JSON
// payload (to_json(struct(*)), timestamps with microseconds) named
// raw_payload: how a Delta table's rows, and its change rows
// (plugins/deltacdf), are validated against the extract's contract.
func RowPayload() string {
	return "to_json(struct(*), map('timestampFormat', " + pyspark.SQLString("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX") + ")) AS raw_payload"
}

// staticLineage are the lineage columns of a table row after its topic:
// no partition, offset or timestamp.
var staticLineage = []string{"CAST(NULL AS INT) AS _etl_partition", "CAST(NULL AS BIGINT) AS _etl_offset",
	"CAST(NULL AS TIMESTAMP) AS _etl_kafka_timestamp"}

// TableOrPath sets the catalog table, else the path, a Delta source reads
// (a delta table, or the table of a delta-cdf change feed).
func TableOrPath(sv *pyspark.SourceView, s *planner.Source) error {
	switch {
	case s.Binding.Table() != "":
		sv.Table = pyspark.PyString(s.Binding.Table())
	case s.Binding.Path() != "":
		sv.Load = pyspark.PyString(s.Binding.Path())
	default:
		return fmt.Errorf("source %s: a %s source needs a table or a path", s.Asset, s.Plugin)
	}
	return nil
}

func write(sv *pyspark.SinkView, s *planner.Sink, c *contracts.Contract) error {
	table, path := s.Binding.Table(), s.Binding.Path()
	ref := pyspark.SQLTable(table, path)
	sv.Target = pyspark.PyString(ref)
	if path != "" {
		sv.PathArg = ", path=" + pyspark.PyString(path)
	}
	create := sparksql.CreateTableDDLWith("etlgen_target", c, pyspark.TableLayout(s))
	create = strings.Replace(create, pyspark.SQLIdent("etlgen_target"), ref, 1)
	sv.CreateSQL, sv.Layout = pyspark.PyString(create), pyspark.LayoutLiteral(s)
	if s.MergeSchema {
		sv.PathArg += ", merge_schema=True"
	}
	if parts := strings.Split(table, "."); path == "" && len(parts) > 1 {
		sv.SchemaSQL = pyspark.PyString("CREATE SCHEMA IF NOT EXISTS " + sparksql.QuotePath(parts[:len(parts)-1]...))
	}
	sv.Kind = "append"
	if len(s.MergeKeys) > 0 && s.WriteMode == profile.WriteMerge {
		sv.Kind = "merge"
		for _, k := range s.MergeKeys {
			sv.Keys = append(sv.Keys, pyspark.PyString(pyspark.SQLIdent(k)))
		}
	}
	if s.Changes != nil {
		changeMerge(sv, s.Changes)
	}
	return nil
}

// changeMerge binds a CDF MERGE: per key the latest change of the batch,
// deleted or upserted (planner.ChangeMerge).
func changeMerge(sv *pyspark.SinkView, cm *planner.ChangeMerge) {
	sv.Kind, sv.Keys = "changes", nil
	for _, k := range cm.Keys {
		sv.Keys = append(sv.Keys, pyspark.PyString(pyspark.SQLIdent(k)))
	}
	for _, col := range cm.Columns {
		sv.Changes = append(sv.Changes, pyspark.PyString(pyspark.SQLIdent(col.Name)))
	}
	sv.Order = pyspark.PyList(cm.ChangeOrder)
}
