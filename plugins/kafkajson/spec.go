package kafkajson

import "github.com/etlgen/etlgen/framework/profile"

// writeModes are the write modes of the kafka-json plugin: an
// append through a Kafka producer. A replayed batch is produced again: the
// idempotent producer (enable.idempotence, on by default) drops the
// retries of one producer session only, never a batch re-run by a new
// session, so the sink is at least once on both engines.
var writeModes = []profile.WriteMode{{Name: profile.WriteAppend, Role: profile.RoleAppendSink, OutputModes: []string{profile.OutputAppend},
	Delivery: &profile.SinkGuarantee{Name: "Kafka producer", Level: profile.AtLeastOnce, Requirements: []string{
		"a micro-batch re-run after a failure or a restart (its offsets written, its commit not) produces its records again: readers of the topic deduplicate on the record key, or the contract's primary key",
		"the idempotent producer (enable.idempotence, the default) drops duplicates of its own retries within one producer session only, not of a re-run batch",
	}}}}

// sourceOnly restricts a kafka-json option to the source.
var sourceOnly = []profile.Role{profile.RoleStreamingSource}

// Spec is the kafka-json plugin: JSON records of Kafka topics, read as a
// stream or appended by a producer.
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:             Name,
		Display:          "Kafka",
		SparkFormat:      "kafka",
		Summary:          "JSON records of Kafka topics: a stream read (value parsed with the extract's contract), or an append sink producing one record per row (value to_json of the row, key from key columns).",
		Roles:            []profile.Role{profile.RoleStreamingSource, profile.RoleAppendSink},
		Engines:          []string{profile.EngineLocal, profile.EnginePySpark},
		EngineRoles:      map[string][]profile.Role{profile.EngineLocal: {profile.RoleAppendSink}},
		ResourceKind:     "kafka",
		ResourceRequired: true,
		Server:           &profile.ServerFacts{Format: "json", Place: profile.PlaceBroker},
		BindSink:         bindSink,
		Source: &profile.SourceFacts{
			Name: "Kafka", Rows: profile.RowsPayload, Replayable: true, Reread: true,
			ReplayNeed:    "the topic keeps every offset not yet committed in the checkpoint (retention longer than the longest outage); fail_on_data_loss=true fails the query on a gap instead of skipping it",
			StartOptions:  []string{"starting_offsets", "starting_timestamp", "starting_offsets_by_timestamp"},
			HeadersOption: "include_headers",
		},
		Options: []profile.Option{
			{Name: "topic", Type: profile.TypeString, Spark: "subscribe", Check: checkTopics,
				Description: "Topic to subscribe to, or a comma-separated list of topics (one of topic, subscribe_pattern, assign); as a sink, the one topic records are produced to (ETL-P355 for a list)."},
			{Name: "subscribe_pattern", OnlyRoles: sourceOnly, Type: profile.TypeString, Spark: "subscribePattern", Check: checkNotBlank,
				Description: "Java regular expression: subscribe to every topic whose whole name matches it, topics created later included (one of topic, subscribe_pattern, assign)."},
			{Name: "assign", OnlyRoles: sourceOnly, Type: profile.TypePartitions, Spark: "assign",
				Description: "Read exactly these partitions: a mapping topic → partition numbers, e.g. {orders: [0, 1]} (one of topic, subscribe_pattern, assign)."},
			{Name: "starting_offsets", OnlyRoles: sourceOnly, Type: profile.TypeOffsets, Default: "latest", Enum: []string{"earliest", "latest"}, Spark: "startingOffsets",
				Description: "Where a new checkpoint starts: earliest, latest, or a mapping topic → partition → offset (-2 earliest, -1 latest) naming exactly the partitions the source reads (Spark fails at start otherwise). Ignored once the checkpoint exists."},
			{Name: "starting_timestamp", OnlyRoles: sourceOnly, Type: profile.TypeTimestamp, Spark: "startingTimestamp", SparkMillis: true,
				Description: "Start a new checkpoint at the first offset whose Kafka timestamp is at or after this instant, on every partition."},
			{Name: "starting_offsets_by_timestamp", OnlyRoles: sourceOnly, Type: profile.TypeOffsets, Spark: "startingOffsetsByTimestamp",
				Description: "Start a new checkpoint per partition: a mapping topic → partition → epoch milliseconds, naming exactly the partitions the source reads."},
			{Name: "max_offsets_per_trigger", OnlyRoles: sourceOnly, Type: profile.TypeInt, Min: 1, Spark: "maxOffsetsPerTrigger",
				Description: "Upper bound on offsets read per micro-batch, split across partitions."},
			{Name: "min_offsets_per_trigger", OnlyRoles: sourceOnly, Type: profile.TypeInt, Min: 1, Spark: "minOffsetsPerTrigger",
				Description: "Wait for at least this many new offsets (all partitions together) before a micro-batch starts, at most max_trigger_delay; not above max_offsets_per_trigger."},
			{Name: "max_trigger_delay", OnlyRoles: sourceOnly, Type: profile.TypeDuration, Spark: "maxTriggerDelay", SparkTimeString: true, Requires: "min_offsets_per_trigger",
				Description: "How long a micro-batch may wait for min_offsets_per_trigger offsets before it runs with fewer (Spark's default 15m)."},
			{Name: "fail_on_data_loss", OnlyRoles: sourceOnly, Type: profile.TypeBool, Default: "true", Spark: "failOnDataLoss",
				Description: "Fail the query when offsets are no longer available (deleted topic, retention)."},
			{Name: "group_id_prefix", OnlyRoles: sourceOnly, Type: profile.TypeString, Spark: "groupIdPrefix", Check: checkGroupIDPrefix,
				Description: "Prefix of the consumer group ids Spark generates for the query (Spark's default spark-kafka-source); for brokers whose ACLs allow groups by prefix. A fixed group.id is refused: the queries reading one source would share it and each read part of the data."},
			{Name: "include_headers", OnlyRoles: sourceOnly, Type: profile.TypeBool, Spark: "includeHeaders",
				Description: "Read the records' headers (default false): rejected rows then carry them as source_headers (key, value as text, value_base64 when not UTF-8), for a rejected-event contract that declares that column."},
			{Name: "kafka", Type: profile.TypeStringMap, SparkPrefix: "kafka.", Check: checkKafkaSettings,
				Description: "Kafka client settings (consumer settings of a source, producer settings of a sink) passed to Spark as kafka.<key>, e.g. {fetch.max.wait.ms: \"200\", client.rack: eu-1a}; a credential key (…password…, …secret…, …key) must be ${env:NAME}, read when the program starts. Settings Spark refuses or the profile sets elsewhere are rejected (ETL-P325)."},
			{Name: "key", Type: profile.TypeStringList, OnlyRoles: []profile.Role{profile.RoleAppendSink},
				Description: "Columns of the loaded contract that make the record key: one column → its value as text (a string as is, other types as Spark casts them to string), several → to_json of a struct of them in this order; without key, records have a NULL key (ETL-P356 for a column the contract lacks)."},
			profile.OutputModeSpec(writeModes),
		},
		OneOf:        [][]string{{"topic", "subscribe_pattern", "assign"}},
		Exclusive:    [][]string{{"starting_offsets", "starting_timestamp", "starting_offsets_by_timestamp"}},
		Subscription: &profile.Subscription{Topics: "topic", Pattern: "subscribe_pattern", Assign: "assign"},
		Check:        checkKafkaReadLimits,
		WriteModes:   writeModes,
		Packages:     []string{"org.apache.spark:spark-sql-kafka-0-10_2.13"},
	}
}
