package memory

import "github.com/etlgen/etlgen/framework/profile"

// memoryDelivery is what a memory table delivers: it lives in the test.
var memoryDelivery = &profile.SinkGuarantee{Name: "memory sink", Level: profile.EffectivelyExactlyOnce,
	Requirements: []string{"the memory sink lives in the test process only"}}

// memoryWriteModes are the write modes of the memory plugin.
var memoryWriteModes = []profile.WriteMode{
	{Name: profile.WriteAppend, Role: profile.RoleAppendSink, OutputModes: []string{profile.OutputAppend, profile.OutputComplete}, Delivery: memoryDelivery},
	{Name: profile.WriteMerge, Role: profile.RoleMergeSink, OutputModes: []string{profile.OutputAppend, profile.OutputUpdate, profile.OutputComplete}, Delivery: memoryDelivery},
}

// Spec is the memory plugin: in-process streams and tables for tests.
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:        Name,
		Display:     "Memory",
		SparkFormat: "memory",
		Summary:     "An in-process stream or table for tests (testkit): events added by the test, rows read back by the test.",
		Roles:       []profile.Role{profile.RoleStreamingSource, profile.RoleStaticSource, profile.RoleAppendSink, profile.RoleMergeSink},
		Engines:     []string{profile.EngineLocal},
		Source: &profile.SourceFacts{
			Name: "memory stream", Rows: profile.RowsPayload,
			ReplayNeed:   "memory streams live in the test process only: a restart loses unprocessed events",
			DefaultStart: "the events the test adds",
		},
		Options: []profile.Option{
			{Name: "name", Type: profile.TypeString, Spark: "queryName",
				Description: "Name the test uses to address the stream or table; default: the asset name."},
			{Name: "write_mode", Type: profile.TypeString, Default: profile.WriteAppend, Enum: []string{profile.WriteAppend, profile.WriteMerge},
				Description: "append: rows are appended (complete mode: replaced); foreach-batch-merge: each micro-batch is upserted on merge_keys (update output), idempotent per batch id."},
			{Name: "merge_keys", Type: profile.TypeStringList, OnlyWith: &profile.Condition{Name: "write_mode", Value: profile.WriteMerge},
				Description: "Columns the upsert matches on. Default: the loaded contract's primary key."},
			profile.PartialMergeKeysSpec,
			profile.StaticQuarantineSpec,
			profile.OutputModeSpec(memoryWriteModes),
		},
		WriteModes: memoryWriteModes,
		TestOnly:   true,
		// a test's memory table applies changes in any write mode
		ChangesAnyMode: true,
	}
}
