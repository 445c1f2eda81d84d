package deltacdf

import (
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/plugins/delta"
)

// Spec is the delta-cdf plugin: a Delta table's Change Data Feed.
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:         Name,
		Display:      "Delta CDF",
		SparkFormat:  "delta",
		SparkFixed:   map[string]string{"readChangeFeed": "true"},
		Summary:      "The Change Data Feed of a Delta table, read as a stream (readChangeFeed).",
		Roles:        []profile.Role{profile.RoleStreamingSource},
		Engines:      []string{profile.EngineLocal, profile.EnginePySpark},
		ResourceKind: "s3",
		Server:       &profile.ServerFacts{Format: "delta", Place: profile.PlacePath},
		Source: &profile.SourceFacts{
			Name: "Delta CDF", Rows: profile.RowsChanges, Replayable: true,
			ReplayNeed:   "the source table keeps the change data of every version not yet committed in the checkpoint (VACUUM and log retention longer than the longest outage)",
			StartOptions: []string{"starting_version", "starting_timestamp"},
			DefaultStart: "the latest table version",
		},
		Options: []profile.Option{
			{Name: "table", Type: profile.TypeString, Description: "Catalog table name of the source table."},
			{Name: "path", Type: profile.TypePath, Description: "Location of the source table."},
			{Name: "starting_version", Type: profile.TypeInt, Min: 0, Spark: "startingVersion",
				Description: "First table version a new checkpoint reads. Neither this nor starting_timestamp: start at the latest version. Ignored once the checkpoint exists."},
			{Name: "starting_timestamp", Type: profile.TypeTimestamp, Spark: "startingTimestamp",
				Description: "First commit time a new checkpoint reads (RFC 3339 or YYYY-MM-DD). Ignored once the checkpoint exists."},
			{Name: "max_files_per_trigger", Type: profile.TypeInt, Min: 1, Spark: "maxFilesPerTrigger",
				Description: "Upper bound on new files per micro-batch (Delta's default is 1000)."},
			{Name: "max_bytes_per_trigger", Type: profile.TypeBytes, Spark: "maxBytesPerTrigger",
				Description: "Soft upper bound on bytes per micro-batch, e.g. 512m or 1g."},
		},
		OneOf:     [][]string{{"table", "path"}},
		Exclusive: [][]string{{"starting_version", "starting_timestamp"}},
		Packages:  []string{delta.Package},
	}
}
