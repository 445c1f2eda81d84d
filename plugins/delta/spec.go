package delta

import "github.com/etlgen/etlgen/framework/profile"

// writeModes are the write modes of the delta plugin.
var writeModes = []profile.WriteMode{
	{Name: profile.WriteAppend, Role: profile.RoleAppendSink, OutputModes: []string{profile.OutputAppend}, Delivery: &profile.SinkGuarantee{
		Name: "Delta streaming append", Level: profile.EffectivelyExactlyOnce, Requirements: []string{
			"the Delta sink records (query id, batch id) as an application transaction and skips a replayed batch; a new checkpoint (new query id) re-appends",
		}}},
	{Name: profile.WriteMerge, Role: profile.RoleMergeSink, OutputModes: []string{profile.OutputAppend, profile.OutputUpdate, profile.OutputComplete}, Delivery: &profile.SinkGuarantee{
		Name: "idempotent Delta MERGE", Level: profile.EffectivelyExactlyOnce, Requirements: []string{
			"each batch commits with txnAppId = a stable id of the checkpoint identity and txnVersion = the batch id, so a replayed batch N changes nothing",
		}}},
}

// Spec is the delta plugin: a Delta Lake table.
func Spec() profile.Plugin {
	return profile.Plugin{
		Name:         Name,
		Display:      "Delta",
		SparkFormat:  "delta",
		Summary:      "A Delta Lake table: streaming append or idempotent foreachBatch MERGE sink, or the static side of a stream-static join.",
		Roles:        []profile.Role{profile.RoleAppendSink, profile.RoleMergeSink, profile.RoleStaticSource},
		Engines:      []string{profile.EngineLocal, profile.EnginePySpark},
		ResourceKind: "s3",
		Source:       &profile.SourceFacts{Name: "Delta table", Rows: profile.RowsTyped, DefaultStart: "the table's current version"},
		Store:        profile.StoreTable,
		InMemoryOn:   []string{profile.EngineLocal},
		Server:       &profile.ServerFacts{Format: "delta", Place: profile.PlacePath},
		Options: []profile.Option{
			{Name: "table", Type: profile.TypeString, Description: "Catalog table name, e.g. curated.customer_order_windows."},
			{Name: "path", Type: profile.TypePath, Description: "Table location, e.g. s3a://warehouse/curated/windows."},
			{Name: "write_mode", Type: profile.TypeString, Default: profile.WriteAppend, Enum: []string{profile.WriteAppend, profile.WriteMerge},
				Description: "append: streaming append; foreach-batch-merge: MERGE each micro-batch on merge_keys, idempotent per batch id."},
			{Name: "merge_keys", Type: profile.TypeStringList, OnlyWith: &profile.Condition{Name: "write_mode", Value: profile.WriteMerge},
				Description: "Columns the MERGE matches on; primary-key columns of the loaded contract. Default: the contract's primary key."},
			profile.PartialMergeKeysSpec,
			profile.PartitionBySpec,
			profile.TablePropertiesSpec,
			profile.MergeSchemaSpec,
			profile.StaticQuarantineSpec,
			profile.OutputModeSpec(writeModes),
		},
		OneOf:      [][]string{{"table", "path"}},
		WriteModes: writeModes,
		Packages:   []string{Package},
	}
}
