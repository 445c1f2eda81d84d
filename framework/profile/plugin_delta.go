package profile

// deltaWriteModes are the write modes of the delta plugin.
var deltaWriteModes = []WriteMode{
	{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend}, Delivery: &SinkGuarantee{
		Name: "Delta streaming append", Level: EffectivelyExactlyOnce, Requirements: []string{
			"the Delta sink records (query id, batch id) as an application transaction and skips a replayed batch; a new checkpoint (new query id) re-appends",
		}}},
	{Name: WriteMerge, Role: RoleMergeSink, OutputModes: []string{OutputAppend, OutputUpdate, OutputComplete}, Delivery: &SinkGuarantee{
		Name: "idempotent Delta MERGE", Level: EffectivelyExactlyOnce, Requirements: []string{
			"each batch commits with txnAppId = a stable id of the checkpoint identity and txnVersion = the batch id, so a replayed batch N changes nothing",
		}}},
}

// delta is the delta plugin: a Delta Lake table.
func delta() Plugin {
	return Plugin{
		Name:         PluginDelta,
		Display:      "Delta",
		SparkFormat:  "delta",
		Summary:      "A Delta Lake table: streaming append or idempotent foreachBatch MERGE sink, or the static side of a stream-static join.",
		Roles:        []Role{RoleAppendSink, RoleMergeSink, RoleStaticSource},
		Engines:      []string{EngineLocal, EnginePySpark},
		ResourceKind: "s3",
		Source:       &SourceFacts{Name: "Delta table", Rows: RowsTyped, DefaultStart: "the table's current version"},
		Store:        StoreTable,
		InMemoryOn:   []string{EngineLocal},
		Server:       &ServerFacts{Format: "delta", Place: PlacePath},
		Options: []Option{
			{Name: "table", Type: TypeString, Description: "Catalog table name, e.g. curated.customer_order_windows."},
			{Name: "path", Type: TypePath, Description: "Table location, e.g. s3a://warehouse/curated/windows."},
			{Name: "write_mode", Type: TypeString, Default: WriteAppend, Enum: []string{WriteAppend, WriteMerge},
				Description: "append: streaming append; foreach-batch-merge: MERGE each micro-batch on merge_keys, idempotent per batch id."},
			{Name: "merge_keys", Type: TypeStringList, OnlyWith: &Condition{Name: "write_mode", Value: WriteMerge},
				Description: "Columns the MERGE matches on; primary-key columns of the loaded contract. Default: the contract's primary key."},
			PartialMergeKeysSpec,
			PartitionBySpec,
			tablePropertiesOption,
			mergeSchemaOption,
			StaticQuarantineSpec,
			OutputModeSpec(deltaWriteModes),
		},
		OneOf:      [][]string{{"table", "path"}},
		WriteModes: deltaWriteModes,
		Packages:   []string{"io.delta:delta-spark_2.13"},
	}
}

// PartialMergeKeysSpec is the allow_partial_merge_keys option of the merge
// sinks (delta, memory): it lets a merge sink match on part of the loaded
// contract's primary key (ETL-P344 otherwise).
var PartialMergeKeysSpec = Option{Name: "allow_partial_merge_keys", Type: TypeBool,
	OnlyWith:    &Condition{Name: "write_mode", Value: WriteMerge},
	Description: "Allow merge_keys that cover only part of the primary key. Delta's MERGE then updates every target row of a key with one source row, inserts every source row of a new key, and fails the batch (DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE) when several source rows match one target row; both engines do the same."}
