package profile

// memoryDelivery is what a memory table delivers: it lives in the test.
var memoryDelivery = &SinkGuarantee{Name: "memory sink", Level: EffectivelyExactlyOnce,
	Requirements: []string{"the memory sink lives in the test process only"}}

// memoryWriteModes are the write modes of the memory plugin.
var memoryWriteModes = []WriteMode{
	{Name: WriteAppend, Role: RoleAppendSink, OutputModes: []string{OutputAppend, OutputComplete}, Delivery: memoryDelivery},
	{Name: WriteMerge, Role: RoleMergeSink, OutputModes: []string{OutputAppend, OutputUpdate, OutputComplete}, Delivery: memoryDelivery},
}

// memory is the memory plugin: in-process streams and tables for tests.
func memory() Plugin {
	return Plugin{
		Name:        PluginMemory,
		Display:     "Memory",
		SparkFormat: "memory",
		Summary:     "An in-process stream or table for tests (testkit): events added by the test, rows read back by the test.",
		Roles:       []Role{RoleStreamingSource, RoleStaticSource, RoleAppendSink, RoleMergeSink},
		Engines:     []string{EngineLocal},
		Source: &SourceFacts{
			Name: "memory stream", Rows: RowsPayload,
			ReplayNeed:   "memory streams live in the test process only: a restart loses unprocessed events",
			DefaultStart: "the events the test adds",
		},
		Options: []Option{
			{Name: "name", Type: TypeString, Spark: "queryName",
				Description: "Name the test uses to address the stream or table; default: the asset name."},
			{Name: "write_mode", Type: TypeString, Default: WriteAppend, Enum: []string{WriteAppend, WriteMerge},
				Description: "append: rows are appended (complete mode: replaced); foreach-batch-merge: each micro-batch is upserted on merge_keys (update output), idempotent per batch id."},
			{Name: "merge_keys", Type: TypeStringList, OnlyWith: &Condition{Name: "write_mode", Value: WriteMerge},
				Description: "Columns the upsert matches on. Default: the loaded contract's primary key."},
			allowPartialMergeKeysOption,
			staticQuarantineOption,
			OutputModeSpec(memoryWriteModes),
		},
		WriteModes: memoryWriteModes,
		TestOnly:   true,
		// a test's memory table applies changes in any write mode
		ChangesAnyMode: true,
	}
}
