package profile

// deltaCDF is the delta-cdf plugin: a Delta table's Change Data Feed.
func deltaCDF() Plugin {
	return Plugin{
		Name:         PluginDeltaCDF,
		Display:      "Delta CDF",
		SparkFormat:  "delta",
		SparkFixed:   map[string]string{"readChangeFeed": "true"},
		Summary:      "The Change Data Feed of a Delta table, read as a stream (readChangeFeed).",
		Roles:        []Role{RoleStreamingSource},
		Engines:      []string{EngineLocal, EnginePySpark},
		ResourceKind: "s3",
		Server:       &ServerFacts{Format: "delta", Place: PlacePath},
		Source: &SourceFacts{
			Name: "Delta CDF", Rows: RowsChanges, Replayable: true,
			ReplayNeed:   "the source table keeps the change data of every version not yet committed in the checkpoint (VACUUM and log retention longer than the longest outage)",
			StartOptions: []string{"starting_version", "starting_timestamp"},
			DefaultStart: "the latest table version",
		},
		Options: []Option{
			{Name: "table", Type: TypeString, Description: "Catalog table name of the source table."},
			{Name: "path", Type: TypePath, Description: "Location of the source table."},
			{Name: "starting_version", Type: TypeInt, Min: 0, Spark: "startingVersion",
				Description: "First table version a new checkpoint reads. Neither this nor starting_timestamp: start at the latest version. Ignored once the checkpoint exists."},
			{Name: "starting_timestamp", Type: TypeTimestamp, Spark: "startingTimestamp",
				Description: "First commit time a new checkpoint reads (RFC 3339 or YYYY-MM-DD). Ignored once the checkpoint exists."},
			{Name: "max_files_per_trigger", Type: TypeInt, Min: 1, Spark: "maxFilesPerTrigger",
				Description: "Upper bound on new files per micro-batch (Delta's default is 1000)."},
			{Name: "max_bytes_per_trigger", Type: TypeBytes, Spark: "maxBytesPerTrigger",
				Description: "Soft upper bound on bytes per micro-batch, e.g. 512m or 1g."},
		},
		OneOf:     [][]string{{"table", "path"}},
		Exclusive: [][]string{{"starting_version", "starting_timestamp"}},
		Packages:  []string{"io.delta:delta-spark_2.13"},
	}
}
