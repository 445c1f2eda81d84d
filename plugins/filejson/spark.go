package filejson

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// Spark reads JSON-lines files as text lines (file-json), each
// validated against the extract's contract with its file as lineage — as a
// stream, or as the static side of a join (spark.read: every file, again
// at every micro-batch) — and writes a query's rows as JSON files (Spark's
// file sink). A batch is read again from the file-source log of the
// checkpoint (late rows).
func Spark() pyspark.Plugin {
	return pyspark.Plugin{Name: Name, Roles: []profile.Role{profile.RoleStreamingSource, profile.RoleStaticSource, profile.RoleAppendSink},
		Read: readFileJSON, Write: writeFileJSON, Reread: pyspark.RereadFiles}
}

// fileLineage are the columns kept next to a line: its file.
var fileLineage = []string{"value AS raw_payload", "_metadata.file_path AS _etl_topic", "CAST(NULL AS INT) AS _etl_partition",
	"CAST(NULL AS BIGINT) AS _etl_offset", "CAST(NULL AS TIMESTAMP) AS _etl_kafka_timestamp"}

func readFileJSON(sv *pyspark.SourceView, s *planner.Source) error {
	sv.Format, sv.PayloadType = pyspark.PyString("text"), sparksql.PayloadString
	var opts []planner.Option
	for _, o := range s.Options {
		if o.Name == "path" { // the directory is load's argument
			sv.Load = pyspark.PyString(o.Value)
			continue
		}
		opts = append(opts, o)
	}
	sv.Options, sv.Lineage = pyspark.OptionsKV(opts), pyspark.PyList(fileLineage)
	return nil
}

func writeFileJSON(sv *pyspark.SinkView, s *planner.Sink, _ *contracts.Contract) error {
	sv.Kind, sv.Format, sv.Target = "files", pyspark.PyString("json"), pyspark.PyString(s.Binding.Path())
	return nil
}
