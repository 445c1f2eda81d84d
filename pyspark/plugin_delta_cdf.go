package pyspark

import (
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// deltaCDFPlugin reads a Delta table's Change Data Feed (delta-cdf): each
// change row rendered as a JSON payload (to_json(struct(*))) and validated
// like a Kafka message, its _commit_version and _commit_timestamp kept as
// offset and timestamp, its table as topic.
func deltaCDFPlugin() Plugin {
	return Plugin{Name: profile.PluginDeltaCDF, Roles: []profile.Role{profile.RoleStreamingSource}, Read: readDeltaCDF}
}

// cdfLineage are the columns kept next to a change row's payload; the
// source topic (the table) comes first.
var cdfLineage = []string{"CAST(NULL AS INT) AS _etl_partition",
	"CAST(_commit_version AS BIGINT) AS _etl_offset", "CAST(_commit_timestamp AS TIMESTAMP) AS _etl_kafka_timestamp"}

func readDeltaCDF(sv *sourceView, s *planner.Source) error {
	sv.Format, sv.CDF, sv.PayloadType = PyString("delta"), true, sparksql.PayloadString
	sv.Options = optionsKV(s.Options)
	if err := tableOrPath(sv, s); err != nil {
		return err
	}
	topic := SQLString(s.Identity) + " AS _etl_topic" // the table, else its path
	sv.Lineage = pyList(append([]string{rowPayload, topic}, cdfLineage...))
	return nil
}
