package profile

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The options of a sink table's layout: how the table a sink creates is
// partitioned, the table properties it is created with, and whether an
// append may add columns to it. Both engines read them from the binding
// (AssetBinding.PartitionBy, TableProperties, MergeSchema).
const (
	PartitionByOption     = "partition_by"
	TablePropertiesOption = "table_properties"
	MergeSchemaOption     = "merge_schema"
)

// The table properties etlgen reads itself.
const (
	PropAppendOnly        = "delta.appendOnly"
	PropChangeDataFeed    = "delta.enableChangeDataFeed"
	PropColumnMappingMode = "delta.columnMapping.mode"
	PropTypeWidening      = "delta.enableTypeWidening"
)

var sinkRoles = []Role{RoleAppendSink, RoleMergeSink}

// PartitionBySpec is the partition_by option of a table sink (delta,
// iceberg): the columns the table is partitioned by when the sink creates it.
var PartitionBySpec = Option{Name: PartitionByOption, Type: TypeStringList, OnlyRoles: sinkRoles,
	Description: "Columns of the loaded contract the table is partitioned by when the sink creates it (PARTITIONED BY), " +
		"e.g. a date the transformation derives from event time (etl.ToDate(...).As(event_date)); not every column, no struct, " +
		"array or map. A table that exists with other partition columns fails the query at start, before it writes."}

var tablePropertiesOption = Option{Name: TablePropertiesOption, Type: TypeStringMap, OnlyRoles: sinkRoles, Check: checkTableProperties,
	Description: "Table properties the table is created with (TBLPROPERTIES), e.g. delta.enableChangeDataFeed: true. " +
		"delta.* keys are checked against the Delta properties etlgen knows (name and value type, see docs/profiles.md#table-properties); " +
		"other keys are kept as the table's own metadata. A table that exists without one of them (or with another value) fails the query at start, before it writes."}

var mergeSchemaOption = Option{Name: MergeSchemaOption, Type: TypeBool, Spark: "mergeSchema",
	OnlyWith: &Condition{Name: "write_mode", Value: WriteAppend}, OnlyRoles: sinkRoles,
	Description: "Let an append add the columns the table lacks (Delta's mergeSchema; old rows read NULL in them). " +
		"With etlgen validate --against, allowed only for additive changes of the loaded contract (columns added; a type " +
		"widened when table_properties enables delta.enableTypeWidening): ETL-X615 otherwise."}

// propKind is the value type of a known table property.
type propKind int

const (
	propBool     propKind = iota // true or false
	propInt                      // an integer of at least min
	propInterval                 // a Delta interval: "interval 30 days" or "30 days"
	propEnum                     // one of enum
	propText                     // free text (e.g. a column list)
)

// tableProperty is a Delta table property etlgen knows.
type tableProperty struct {
	kind propKind
	min  int64
	enum []string
}

// deltaProperties are the delta.* table properties of Delta 4.1 that
// etlgen accepts, with their value types (each created on the stack by
// TestLiveDeltaProperties, pyspark). Delta refuses other delta.* keys
// (DELTA_UNKNOWN_CONFIGURATION), so does etlgen, offline.
var deltaProperties = map[string]tableProperty{
	PropAppendOnly:                                      {kind: propBool},
	PropChangeDataFeed:                                  {kind: propBool},
	"delta.enableDeletionVectors":                       {kind: propBool},
	PropTypeWidening:                                    {kind: propBool},
	"delta.enableRowTracking":                           {kind: propBool},
	"delta.enableInCommitTimestamps":                    {kind: propBool},
	"delta.enableExpiredLogCleanup":                     {kind: propBool},
	"delta.checkpoint.writeStatsAsJson":                 {kind: propBool},
	"delta.checkpoint.writeStatsAsStruct":               {kind: propBool},
	"delta.randomizeFilePrefixes":                       {kind: propBool},
	"delta.autoOptimize.autoCompact":                    {kind: propBool},
	"delta.autoOptimize.optimizeWrite":                  {kind: propBool},
	"delta.checkpointInterval":                          {kind: propInt, min: 1},
	"delta.randomPrefixLength":                          {kind: propInt, min: 1},
	"delta.dataSkippingNumIndexedCols":                  {kind: propInt, min: -1},
	"delta.logRetentionDuration":                        {kind: propInterval},
	"delta.deletedFileRetentionDuration":                {kind: propInterval},
	"delta.setTransactionRetentionDuration":             {kind: propInterval},
	"delta.dataSkippingStatsColumns":                    {kind: propText},
	"delta.checkpointPolicy":                            {kind: propEnum, enum: []string{"classic", "v2"}},
	PropColumnMappingMode:                               {kind: propEnum, enum: []string{"none", "id", "name"}},
	"delta.isolationLevel":                              {kind: propEnum, enum: []string{"Serializable"}},
	"delta.compatibility.symlinkFormatManifest.enabled": {kind: propBool},
}

// deltaFeatures are the table features a delta.feature.<name> property
// may name (value supported or enabled).
var deltaFeatures = []string{"allowColumnDefaults", "appendOnly", "changeDataFeed", "checkConstraints", "columnMapping",
	"deletionVectors", "domainMetadata", "inCommitTimestamp", "invariants", "rowTracking", "timestampNtz", "typeWidening",
	"v2Checkpoint", "vacuumProtocolCheck", "variantType"}

// reservedProperties are the keys Spark refuses in TBLPROPERTIES
// (UNSUPPORTED_FEATURE.SET_TABLE_PROPERTY), with where the value belongs;
// comment is accepted by Spark but becomes the table's description, which
// the contract's description already sets.
var reservedProperties = map[string]string{
	"owner": "Spark sets it to the current user", "location": "use the asset's path option",
	"provider": "the sink always creates a delta table", "external": "use the asset's path option",
	"is_managed_location": "Spark sets it", "collation": "the contract sets each column's type",
	"comment": "the loaded contract's description is the table comment",
}

var intervalValue = regexp.MustCompile(`^(?i:interval\s+)?[0-9]+\s+(?i:(second|minute|hour|day|week)s?)$`)

// checkTableProperties checks every entry of table_properties; each
// problem is one checkError at its key.
func checkTableProperties(v Value) error {
	var errs []error
	for _, k := range sortedKeys(v.Map) {
		if err := checkTableProperty(k, v.Map[k]); err != nil {
			err.Path = k
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

func checkTableProperty(k, val string) *checkError {
	if why, ok := reservedProperties[strings.ToLower(k)]; ok {
		return &checkError{Code: CodeTableProperty, Message: "key " + strconv.Quote(k) + " is reserved by Spark", Hint: "remove it: " + why}
	}
	if _, isRef := EnvRef(val); isRef || strings.Contains(val, "${env:") {
		return &checkError{Code: CodeTableProperty, Message: "a table property is stored in the table's metadata, readable by every reader of the table: no ${env:…} reference",
			Hint: "write the value itself; a credential never belongs in a table property"}
	}
	if !strings.HasPrefix(strings.ToLower(k), "delta.") {
		return nil // the table's own metadata (team, quality, …): kept as written
	}
	if name, ok := strings.CutPrefix(k, "delta.feature."); ok {
		return checkFeature(k, name, val)
	}
	p, ok := deltaProperties[k]
	if !ok {
		return unknownProperty(k)
	}
	return p.check(k, val)
}

// unknownProperty reports a delta.* key that is not a known property;
// a key known but spelt in another case is named.
func unknownProperty(k string) *checkError {
	names := sortedKeys(deltaProperties)
	for _, n := range names {
		if strings.EqualFold(n, k) {
			return &checkError{Code: CodeTableProperty, Message: "key " + strconv.Quote(k) + " is spelt " + n + " by Delta",
				Hint: "write " + n + " (Delta matches keys in any case, the runtime check compares them exactly)"}
		}
	}
	return &checkError{Code: CodeTableProperty, Message: "key " + strconv.Quote(k) + " is not a Delta table property (Delta fails with DELTA_UNKNOWN_CONFIGURATION)",
		Hint: "use one of the properties listed in docs/profiles.md#table-properties, or a key outside delta.* for the table's own metadata" + suggest(k, names)}
}

func checkFeature(k, name, val string) *checkError {
	if !slices.Contains(deltaFeatures, name) {
		return &checkError{Code: CodeTableProperty, Message: "key " + strconv.Quote(k) + " names no table feature Delta 4.1 knows",
			Hint: "features: " + commaList(deltaFeatures) + suggest(name, deltaFeatures)}
	}
	if val != "supported" && val != "enabled" {
		return &checkError{Code: CodeTableProperty, Message: "the value of " + k + " is neither supported nor enabled", Hint: "write supported"}
	}
	return nil
}

// check checks a value against the property's type; the message names
// the type, never the value.
func (p tableProperty) check(k, val string) *checkError {
	bad := func(what, hint string) *checkError {
		return &checkError{Code: CodeTableProperty, Message: "the value of " + k + " is not " + what, Hint: hint}
	}
	switch p.kind {
	case propBool:
		if val != "true" && val != "false" {
			return bad("true or false", "write true or false")
		}
	case propInt:
		if n, err := strconv.ParseInt(val, 10, 64); err != nil || n < p.min {
			return bad("an integer of at least "+strconv.FormatInt(p.min, 10), "write an integer, e.g. 10")
		}
	case propInterval:
		if !intervalValue.MatchString(val) {
			return bad("a Delta interval", "write e.g. interval 30 days (units second, minute, hour, day, week)")
		}
	case propEnum:
		if !slices.Contains(p.enum, val) {
			return bad("one of "+commaList(p.enum), "write one of "+commaList(p.enum))
		}
	}
	return nil
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// TableFeatures lists the table features a delta.feature.<name> property
// may name, sorted.
func TableFeatures() []string { return slices.Clone(deltaFeatures) }

// PropertyTypes lists the known delta.* table properties with their value
// types, sorted by name, for the reference documentation.
func PropertyTypes() [][2]string {
	var out [][2]string
	for _, k := range sortedKeys(deltaProperties) {
		out = append(out, [2]string{k, deltaProperties[k].typeText()})
	}
	return out
}

func (p tableProperty) typeText() string {
	switch p.kind {
	case propBool:
		return "`true` or `false`"
	case propInt:
		return "integer ≥ " + strconv.FormatInt(p.min, 10)
	case propInterval:
		return "interval, e.g. `interval 30 days`"
	case propEnum:
		return codeList(p.enum)
	}
	return "text"
}
