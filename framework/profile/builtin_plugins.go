package profile

// The built-in engine names.
const (
	EnginePySpark = "pyspark"
	EngineLocal   = "local"
)

// The output modes of Spark Structured Streaming.
const (
	OutputAppend   = "append"
	OutputUpdate   = "update"
	OutputComplete = "complete"
)

// The write modes of the delta plugin.
const (
	WriteAppend = "append"
	WriteMerge  = "foreach-batch-merge"
)

// OutputModeOption is the sink option that forces the streaming output mode
// of the query writing the asset.
const OutputModeOption = "output_mode"

// outputModeOption is the spec of a sink plugin's output_mode option: its
// values are the output modes some write mode of the plugin accepts. Parsing
// checks the value against them (ETL-P305) and against the output modes of
// the asset's own write mode (ETL-P318).
func outputModeOption(modes []WriteMode) Option {
	var enum []string
	for _, m := range []string{OutputAppend, OutputUpdate, OutputComplete} {
		for _, w := range modes {
			if contains(w.OutputModes, m) {
				enum = append(enum, m)
				break
			}
		}
	}
	return Option{Name: OutputModeOption, Type: TypeString, Enum: enum,
		Description: "Force the output mode of the query writing this sink (default: the planner infers it); " +
			"one the write mode accepts. `etlgen validate/plan/run --output-mode QUERY=MODE` wins over it."}
}

// The write modes of the sink plugins: their output_mode option's values
// derive from them.
var (
	deltaWriteModes = []WriteMode{
		{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend}},
		{Name: WriteMerge, Role: RoleMergeSink, OutputModes: []string{OutputAppend, OutputUpdate, OutputComplete}},
	}
	fileJSONWriteModes = []WriteMode{{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend}}}
	memoryWriteModes   = []WriteMode{
		{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend, OutputComplete}},
		{Name: WriteMerge, Role: RoleMergeSink, OutputModes: []string{OutputAppend, OutputUpdate, OutputComplete}},
	}
)

// builtinPlugins lists the asset plugins every Default registry holds.
func builtinPlugins() []Plugin {
	return []Plugin{kafkaJSON(), delta(), deltaCDF(), fileJSON(), memory(), rate()}
}

func kafkaJSON() Plugin {
	return Plugin{
		Name:             "kafka-json",
		SparkFormat:      "kafka",
		Summary:          "JSON records from a Kafka topic, read as a stream (value parsed with the extract's contract).",
		Roles:            []Role{RoleStreamingSource},
		Engines:          []string{EnginePySpark},
		ResourceKind:     "kafka",
		ResourceRequired: true,
		Options: []Option{
			{Name: "topic", Type: TypeString, Required: true, Spark: "subscribe",
				Description: "Topic to subscribe to."},
			{Name: "starting_offsets", Type: TypeOffsets, Default: "latest", Enum: []string{"earliest", "latest"}, Spark: "startingOffsets",
				Description: "Where a new checkpoint starts: earliest, latest, or a mapping topic → partition → offset (-2 earliest, -1 latest). Ignored once the checkpoint exists."},
			{Name: "starting_timestamp", Type: TypeTimestamp, Spark: "startingTimestamp", SparkMillis: true,
				Description: "Start a new checkpoint at the first offset whose Kafka timestamp is at or after this instant, on every partition."},
			{Name: "starting_offsets_by_timestamp", Type: TypeOffsets, Spark: "startingOffsetsByTimestamp",
				Description: "Start a new checkpoint per partition: a mapping topic → partition → epoch milliseconds."},
			{Name: "max_offsets_per_trigger", Type: TypeInt, Min: 1, Spark: "maxOffsetsPerTrigger",
				Description: "Upper bound on offsets read per micro-batch, split across partitions."},
			{Name: "fail_on_data_loss", Type: TypeBool, Default: "true", Spark: "failOnDataLoss",
				Description: "Fail the query when offsets are no longer available (deleted topic, retention)."},
		},
		Exclusive: [][]string{{"starting_offsets", "starting_timestamp", "starting_offsets_by_timestamp"}},
		Packages:  []string{"org.apache.spark:spark-sql-kafka-0-10_2.13"},
	}
}

func delta() Plugin {
	return Plugin{
		Name:         "delta",
		SparkFormat:  "delta",
		Summary:      "A Delta Lake table: streaming append or idempotent foreachBatch MERGE sink, or the static side of a stream-static join.",
		Roles:        []Role{RoleAppendSink, RoleMergeSink, RoleStaticSource},
		Engines:      []string{EngineLocal, EnginePySpark},
		ResourceKind: "s3",
		Options: []Option{
			{Name: "table", Type: TypeString, Description: "Catalog table name, e.g. curated.customer_order_windows."},
			{Name: "path", Type: TypePath, Description: "Table location, e.g. s3a://warehouse/curated/windows."},
			{Name: "write_mode", Type: TypeString, Default: WriteAppend, Enum: []string{WriteAppend, WriteMerge},
				Description: "append: streaming append; foreach-batch-merge: MERGE each micro-batch on merge_keys, idempotent per batch id."},
			{Name: "merge_keys", Type: TypeStringList, OnlyWith: &Condition{Name: "write_mode", Value: WriteMerge},
				Description: "Columns the MERGE matches on; primary-key columns of the loaded contract. Default: the contract's primary key."},
			outputModeOption(deltaWriteModes),
		},
		OneOf:      [][]string{{"table", "path"}},
		WriteModes: deltaWriteModes,
		Packages:   []string{"io.delta:delta-spark_2.13"},
	}
}

func deltaCDF() Plugin {
	return Plugin{
		Name:         "delta-cdf",
		SparkFormat:  "delta",
		SparkFixed:   map[string]string{"readChangeFeed": "true"},
		Summary:      "The Change Data Feed of a Delta table, read as a stream (readChangeFeed).",
		Roles:        []Role{RoleStreamingSource},
		Engines:      []string{EngineLocal, EnginePySpark},
		ResourceKind: "s3",
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

func fileJSON() Plugin {
	return Plugin{
		Name:        "file-json",
		SparkFormat: "json",
		Summary:     "JSON-lines files in a directory: a streaming file source, or an append sink writing one file per micro-batch.",
		Roles:       []Role{RoleStreamingSource, RoleAppendSink},
		Engines:     []string{EngineLocal, EnginePySpark},
		Options: []Option{
			{Name: "path", Type: TypePath, Required: true, Spark: "path",
				Description: "Directory of *.jsonl files; relative paths resolve against the profile's directory."},
			{Name: "max_files_per_trigger", Type: TypeInt, Min: 1, Spark: "maxFilesPerTrigger",
				Description: "Upper bound on new files per micro-batch (source only)."},
			outputModeOption(fileJSONWriteModes),
		},
		WriteModes: fileJSONWriteModes,
	}
}

func memory() Plugin {
	return Plugin{
		Name:        "memory",
		SparkFormat: "memory",
		Summary:     "An in-process stream or table for tests (testkit): events added by the test, rows read back by the test.",
		Roles:       []Role{RoleStreamingSource, RoleStaticSource, RoleAppendSink, RoleMergeSink},
		Engines:     []string{EngineLocal},
		Options: []Option{
			{Name: "name", Type: TypeString, Spark: "queryName",
				Description: "Name the test uses to address the stream or table; default: the asset name."},
			{Name: "write_mode", Type: TypeString, Default: WriteAppend, Enum: []string{WriteAppend, WriteMerge},
				Description: "append: rows are appended (complete mode: replaced); foreach-batch-merge: each micro-batch is upserted on merge_keys (update output), idempotent per batch id."},
			{Name: "merge_keys", Type: TypeStringList, OnlyWith: &Condition{Name: "write_mode", Value: WriteMerge},
				Description: "Columns the upsert matches on. Default: the loaded contract's primary key."},
			outputModeOption(memoryWriteModes),
		},
		WriteModes: memoryWriteModes,
		TestOnly:   true,
	}
}

func rate() Plugin {
	return Plugin{
		Name:        "rate",
		SparkFormat: "rate",
		Summary:     "Generated rows (timestamp, value) at a fixed rate, for load tests and demos.",
		Roles:       []Role{RoleStreamingSource},
		Engines:     []string{EngineLocal, EnginePySpark},
		Options: []Option{
			{Name: "rows_per_second", Type: TypeInt, Min: 1, Default: "1", Spark: "rowsPerSecond",
				Description: "Rows generated per second."},
			{Name: "ramp_up_time", Type: TypeDuration, Spark: "rampUpTime",
				Description: "Time to ramp up to rows_per_second."},
			{Name: "num_partitions", Type: TypeInt, Min: 1, Spark: "numPartitions",
				Description: "Partitions of the generated rows."},
		},
	}
}
