package profile

// kafkaJSON is the kafka-json plugin: JSON records of a Kafka topic.
func kafkaJSON() Plugin {
	return Plugin{
		Name:             PluginKafkaJSON,
		Display:          "Kafka",
		SparkFormat:      "kafka",
		Summary:          "JSON records from a Kafka topic, read as a stream (value parsed with the extract's contract).",
		Roles:            []Role{RoleStreamingSource},
		Engines:          []string{EnginePySpark},
		ResourceKind:     "kafka",
		ResourceRequired: true,
		Source: &SourceFacts{
			Name: "Kafka", Rows: RowsPayload, Replayable: true, Reread: true,
			ReplayNeed:   "the topic keeps every offset not yet committed in the checkpoint (retention longer than the longest outage); fail_on_data_loss=true fails the query on a gap instead of skipping it",
			StartOptions: []string{"starting_offsets", "starting_timestamp", "starting_offsets_by_timestamp"},
		},
		Options: []Option{
			{Name: "topic", Type: TypeString, Required: true, Spark: "subscribe",
				Description: "Topic to subscribe to."},
			{Name: "starting_offsets", Type: TypeOffsets, Default: "latest", Enum: []string{"earliest", "latest"}, Spark: "startingOffsets",
				Description: "Where a new checkpoint starts: earliest, latest, or a mapping topic → partition → offset (-2 earliest, -1 latest) naming the subscribed topic and every one of its partitions (Spark fails at start otherwise). Ignored once the checkpoint exists."},
			{Name: "starting_timestamp", Type: TypeTimestamp, Spark: "startingTimestamp", SparkMillis: true,
				Description: "Start a new checkpoint at the first offset whose Kafka timestamp is at or after this instant, on every partition."},
			{Name: "starting_offsets_by_timestamp", Type: TypeOffsets, Spark: "startingOffsetsByTimestamp",
				Description: "Start a new checkpoint per partition: a mapping topic → partition → epoch milliseconds, naming the subscribed topic and every one of its partitions."},
			{Name: "max_offsets_per_trigger", Type: TypeInt, Min: 1, Spark: "maxOffsetsPerTrigger",
				Description: "Upper bound on offsets read per micro-batch, split across partitions."},
			{Name: "fail_on_data_loss", Type: TypeBool, Default: "true", Spark: "failOnDataLoss",
				Description: "Fail the query when offsets are no longer available (deleted topic, retention)."},
		},
		Exclusive:    [][]string{{"starting_offsets", "starting_timestamp", "starting_offsets_by_timestamp"}},
		OffsetsTopic: "topic",
		Packages:     []string{"org.apache.spark:spark-sql-kafka-0-10_2.13"},
	}
}
