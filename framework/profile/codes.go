package profile

// Diagnostic codes of profile parsing (P30x–P32x) and binding (P33x–P34x).
// They are stable: never renumber, only add.
const (
	CodeSyntax            = "ETL-P301" // the file is not valid YAML or is empty
	CodeUnknownKey        = "ETL-P302" // a key no spec declares
	CodeWrongType         = "ETL-P303" // a value of the wrong YAML type
	CodeMissingKey        = "ETL-P304" // a required profile key is absent
	CodeBadEnum           = "ETL-P305" // a value outside its enumeration
	CodeBadDuration       = "ETL-P306" // a duration that does not parse or is not positive
	CodeUnknownPlugin     = "ETL-P307" // an asset names a plugin the registry does not know
	CodeMissingOption     = "ETL-P308" // a required plugin or resource option is absent
	CodeMissingResource   = "ETL-P309" // an asset references a resource the profile does not define
	CodeWrongResourceKind = "ETL-P310" // an asset references a resource of the wrong kind
	CodeExclusiveOptions  = "ETL-P311" // mutually exclusive options are both set
	CodeBadEnvName        = "ETL-P312" // an env-var option holds something that is not a variable name
	CodeSecretLiteral     = "ETL-P313" // a secret written as a literal value
	CodeDuplicateKey      = "ETL-P314" // a key appears twice in one mapping
	CodeBadValue          = "ETL-P315" // a value of the right type but invalid (range, format)
	CodeOptionNotApplies  = "ETL-P316" // an option that only applies with another option's value
	CodeUnknownResource   = "ETL-P317" // a resource whose kind is unknown or cannot be inferred
	CodeSinkOutputMode    = "ETL-P318" // an output_mode the asset's write mode does not accept
	CodeAliasCycle        = "ETL-P319" // an alias inside the node it refers to
	CodeExpansionLimit    = "ETL-P320" // aliases and merge keys expand past MaxExpandedNodes
	CodeTooLarge          = "ETL-P321" // the file has more than MaxBytes bytes
	CodeTooManyNodes      = "ETL-P322" // the file has more than MaxNodes YAML nodes
	CodeTooDeep           = "ETL-P323" // the expanded profile nests deeper than MaxDepth
	CodeMultipleDocuments = "ETL-P324" // the file holds more than one YAML document
	CodeKafkaSetting      = "ETL-P325" // a kafka.* consumer setting Spark refuses or the profile sets elsewhere

	CodeAssetUnbound     = "ETL-P330" // a pipeline asset has no binding in the profile
	CodeRoleUnsupported  = "ETL-P331" // the asset's plugin cannot play the role the pipeline needs
	CodeEngineMismatch   = "ETL-P332" // the asset's plugin does not run on the profile's engine
	CodeTriggerMismatch  = "ETL-P333" // the trigger is not supported by the engine
	CodeCheckpointRoot   = "ETL-P334" // the checkpoint root is missing or not durable
	CodeTestOnlyPlugin   = "ETL-P335" // a test-only plugin in a profile not marked test: true
	CodeNoEventTime      = "ETL-P336" // a source feeding a watermark has no event-time field
	CodeMergeKeyNotKey   = "ETL-P337" // a merge key is not a primary-key column of the loaded contract
	CodeNoMergeKeys      = "ETL-P338" // a merge sink without merge keys and without a primary key
	CodePipelineNotFound = "ETL-P339" // the pipeline id is not in the IR document
	CodeContractNotFound = "ETL-P340" // an extract or load names a contract the IR lacks
	CodeUnusedAsset      = "ETL-P341" // a profile asset the pipeline never uses (note)
	CodeMergeKeyUnknown  = "ETL-P342" // a merge key that is not a column of the loaded contract
	CodeNoEngineResource = "ETL-P343" // the engine needs a resource the profile lacks
	CodeMergeKeyPartial  = "ETL-P344" // merge keys cover only part of the primary key (unless allow_partial_merge_keys)
	CodeWatermarkColumn  = "ETL-P345" // a watermark column that is not the source's event-time field (warning)
	CodeSourceSchema     = "ETL-P346" // the extract's contract does not declare the source's fixed columns
	CodeSessionResources = "ETL-P347" // two resources of a kind that configures the Spark session (s3)
	CodeOffsetsTopic     = "ETL-P348" // starting offsets name other topics or partitions than the source subscribes to
	CodeStaticQuarantine = "ETL-P349" // the quarantine of a static table is not an asset of its own that takes appends
	CodeTableProperty    = "ETL-P350" // a table property that is reserved, unknown (delta.*) or of the wrong value type
	CodePartitionColumn  = "ETL-P351" // a partition_by column that is not a partitionable column of the loaded contract
	CodeAppendOnlyMerge  = "ETL-P352" // delta.appendOnly on a sink that updates or deletes (MERGE, CDF MERGE)
	CodeChangeFeedOff    = "ETL-P353" // a sink table a delta-cdf source of the profile reads, without delta.enableChangeDataFeed
	CodePartitionFine    = "ETL-P354" // warning: partition_by on a timestamp or a fractional column (one partition per value)
	CodeSinkTopic        = "ETL-P355" // a Kafka sink whose topic names several topics
	CodeKafkaKey         = "ETL-P356" // a Kafka sink key column that is not a column of the loaded contract
	CodeGateOutput       = "ETL-P357" // a quarantine gate's output that is not an asset of its own
	CodeIcebergCatalog   = "ETL-P358" // an iceberg catalog name that is not an identifier, or is spark_catalog
	CodeIcebergTable     = "ETL-P359" // an iceberg table that is not namespace.table
	CodeIcebergWarehouse = "ETL-P360" // two iceberg assets of one catalog with different warehouses
	CodeIcebergSparkLine = "ETL-P361" // an iceberg asset on a Spark line without an Iceberg runtime (4.2)
	CodeDeploymentPath   = "ETL-P370" // a local path on a Spark server whose executors do not share the driver's filesystem
)

// CodeInfo documents one diagnostic code.
type CodeInfo struct {
	Code  string
	Title string
}

// Codes lists every profile diagnostic code with a one-line title, in code
// order; docs/diagnostics.md documents each of them.
var Codes = []CodeInfo{
	{CodeSyntax, "profile is not valid YAML"},
	{CodeUnknownKey, "unknown key"},
	{CodeWrongType, "value has the wrong type"},
	{CodeMissingKey, "required profile key missing"},
	{CodeBadEnum, "value not in its enumeration"},
	{CodeBadDuration, "invalid duration"},
	{CodeUnknownPlugin, "unknown plugin"},
	{CodeMissingOption, "required option missing"},
	{CodeMissingResource, "resource reference missing"},
	{CodeWrongResourceKind, "resource of the wrong kind"},
	{CodeExclusiveOptions, "mutually exclusive options"},
	{CodeBadEnvName, "not an environment variable name"},
	{CodeSecretLiteral, "secret written as a literal"},
	{CodeDuplicateKey, "duplicate key"},
	{CodeBadValue, "invalid value"},
	{CodeOptionNotApplies, "option does not apply"},
	{CodeUnknownResource, "unknown resource kind"},
	{CodeSinkOutputMode, "output mode the sink does not accept"},
	{CodeAliasCycle, "alias cycle"},
	{CodeExpansionLimit, "aliases expand past the limit"},
	{CodeTooLarge, "profile file too large"},
	{CodeTooManyNodes, "too many YAML nodes"},
	{CodeTooDeep, "profile nested too deeply"},
	{CodeMultipleDocuments, "more than one YAML document"},
	{CodeKafkaSetting, "Kafka consumer setting refused"},
	{CodeAssetUnbound, "pipeline asset not bound"},
	{CodeRoleUnsupported, "plugin does not support the role"},
	{CodeEngineMismatch, "plugin does not run on the engine"},
	{CodeTriggerMismatch, "trigger not supported by the engine"},
	{CodeCheckpointRoot, "checkpoint root not durable"},
	{CodeTestOnlyPlugin, "test-only plugin in a non-test profile"},
	{CodeNoEventTime, "watermarked source has no event-time field"},
	{CodeMergeKeyNotKey, "merge key is not a key column"},
	{CodeNoMergeKeys, "merge sink without merge keys"},
	{CodePipelineNotFound, "pipeline not found"},
	{CodeContractNotFound, "contract not found"},
	{CodeUnusedAsset, "asset not used by the pipeline"},
	{CodeMergeKeyUnknown, "merge key is not a column"},
	{CodeNoEngineResource, "engine resource missing"},
	{CodeMergeKeyPartial, "merge keys cover part of the primary key"},
	{CodeWatermarkColumn, "watermark column is not the event-time field"},
	{CodeSourceSchema, "contract does not match the source's fixed columns"},
	{CodeSessionResources, "two resources configure the Spark session"},
	{CodeOffsetsTopic, "starting offsets name other topics or partitions"},
	{CodeStaticQuarantine, "quarantine of a static table not usable"},
	{CodeTableProperty, "invalid table property"},
	{CodePartitionColumn, "partition column not usable"},
	{CodeAppendOnlyMerge, "append-only table on a sink that updates"},
	{CodeChangeFeedOff, "change data feed not enabled on a table read as CDF"},
	{CodePartitionFine, "partition column with one partition per value"},
	{CodeSinkTopic, "Kafka sink names several topics"},
	{CodeKafkaKey, "Kafka sink key is not a column"},
	{CodeGateOutput, "quarantine gate output is not an asset of its own"},
	{CodeIcebergCatalog, "Iceberg catalog name not usable"},
	{CodeIcebergTable, "Iceberg table is not namespace.table"},
	{CodeIcebergWarehouse, "one Iceberg catalog with two warehouses"},
	{CodeIcebergSparkLine, "Iceberg sink on a Spark line without an Iceberg runtime"},
	{CodeDeploymentPath, "local path on a cluster or managed Spark"},
}
