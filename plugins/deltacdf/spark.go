package deltacdf

import (
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/plugins/delta"
	"github.com/etlgen/etlgen/pyspark"
)

// Spark reads a Delta table's Change Data Feed: each change row rendered
// as a JSON payload (delta.RowPayload) and validated like a Kafka
// message, its _commit_version and _commit_timestamp kept as offset and
// timestamp, its table as topic.
func Spark() pyspark.Plugin {
	return pyspark.Plugin{Name: Name, Roles: []profile.Role{profile.RoleStreamingSource}, Read: read}
}

// cdfLineage are the columns kept next to a change row's payload; the
// source topic (the table) comes first.
var cdfLineage = []string{"CAST(NULL AS INT) AS _etl_partition",
	"CAST(_commit_version AS BIGINT) AS _etl_offset", "CAST(_commit_timestamp AS TIMESTAMP) AS _etl_kafka_timestamp"}

func read(sv *pyspark.SourceView, s *planner.Source) error {
	sv.Format, sv.CDF, sv.PayloadType = pyspark.PyString("delta"), true, sparksql.PayloadString
	sv.Options = pyspark.OptionsKV(s.Options)
	if err := delta.TableOrPath(sv, s); err != nil {
		return err
	}
	topic := pyspark.SQLString(s.Identity) + " AS _etl_topic" // the table, else its path
	sv.Lineage = pyspark.PyList(append([]string{delta.RowPayload(), topic}, cdfLineage...))
	return nil
}
