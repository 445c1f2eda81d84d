package profile

import (
	"maps"
	"slices"
	"strings"

	"github.com/etlgen/etlgen/diag"
)

// AssetBinding is one extract or load of a pipeline bound to a profile
// asset: the asset (its plugin spec, option values and resource), the role
// it plays and, for a sink, the resolved write mode and merge keys. It is
// the one binding type: the planner carries it in its plan, and the engines
// and generators read assets only through it.
type AssetBinding struct {
	// Asset is the profile's asset: plugin, options, resource.
	Asset *Asset
	// Role is the role the asset plays for the pipeline.
	Role Role
	// Contract is the contract id of the extract or load.
	Contract string
	// EventTime is a source contract's event-time column, "" when none.
	EventTime string
	// WriteMode is a sink's write mode (zero for sources).
	WriteMode WriteMode
	// MergeKeys are a merge sink's MERGE keys: the asset's merge_keys, or
	// the contract's primary key.
	MergeKeys []string
	// Pos is the extract or load in the pipeline source.
	Pos diag.Position
	// Quarantine is, for a static source with the quarantine option, the
	// append asset its invalid rows go to (Role RoleAppendSink); nil
	// otherwise: an invalid row then fails the micro-batch.
	Quarantine *AssetBinding
}

// Name returns the asset name.
func (b *AssetBinding) Name() string { return b.Asset.Name }

// Plugin returns the asset's plugin spec.
func (b *AssetBinding) Plugin() *Plugin { return b.Asset.Plugin }

// Static reports whether the binding is the static side of a join.
func (b *AssetBinding) Static() bool { return b.Role == RoleStaticSource }

// Source returns the plugin's source facts; an empty value when the plugin
// states none.
func (b *AssetBinding) Source() SourceFacts {
	if f := b.Asset.Plugin.Source; f != nil {
		return *f
	}
	return SourceFacts{Name: string(b.Asset.Plugin.Name), Rows: RowsPayload, ReplayNeed: "the source can re-read recorded offsets", Replayable: true}
}

// Identity returns what the asset reads or writes: its topics (a Kafka
// source's topic list, its subscribe_pattern, or the topics it is
// assigned partitions of, comma-separated), its table, its path, its
// memory name, or else the asset name.
func (b *AssetBinding) Identity() string {
	a := b.Asset
	if a.Plugin.Identity != nil {
		return a.Plugin.Identity(a)
	}
	if sub := a.Plugin.Subscription; sub != nil {
		if v, ok := a.Options[sub.Assign]; ok && v.Partitions != nil {
			return strings.Join(slices.Sorted(maps.Keys(v.Partitions)), ",")
		}
		for _, k := range []string{sub.Topics, sub.Pattern} {
			if s := a.String(k); s != "" {
				return s
			}
		}
	}
	for _, k := range []string{"topic", "table"} {
		if s := a.String(k); s != "" {
			return s
		}
	}
	if a.Has("path") {
		return a.Path("path")
	}
	if s := a.String("name"); s != "" {
		return s
	}
	return a.Name
}

// Table returns the asset's catalog table name, "" when it has none.
func (b *AssetBinding) Table() string { return b.Asset.String("table") }

// Path returns the asset's path resolved against the profile's directory,
// "" when it has none.
func (b *AssetBinding) Path() string { return b.Asset.Path("path") }

// PartitionBy returns the columns a sink's table is partitioned by
// (partition_by), nil when none.
func (b *AssetBinding) PartitionBy() []string { return b.Asset.Strings(PartitionByOption) }

// TableProperties returns the table properties a sink's table is created
// with (table_properties), nil when none.
func (b *AssetBinding) TableProperties() map[string]string {
	return b.Asset.Options[TablePropertiesOption].Map
}

// MergeSchema reports whether an append may add columns to the table
// (merge_schema).
func (b *AssetBinding) MergeSchema() bool { return b.Asset.Bool(MergeSchemaOption) }

// SparkOptions returns the Spark reader/writer options (Asset.SparkOptions).
func (b *AssetBinding) SparkOptions() map[string]string { return b.Asset.SparkOptions() }

// StartingPosition says where a new checkpoint starts: "option=value" for
// the first start option set, else the first with a default marked
// "(default)", else "".
func (b *AssetBinding) StartingPosition() string {
	names := b.Source().StartOptions
	for _, n := range names {
		if b.Asset.Has(n) {
			return n + "=" + b.Asset.String(n)
		}
	}
	for _, n := range names {
		if s := b.Asset.String(n); s != "" {
			return n + "=" + s + " (default)"
		}
	}
	return ""
}

// IsMerge reports whether the sink writes through foreachBatch + MERGE.
func (b *AssetBinding) IsMerge() bool { return b.WriteMode.Name == WriteMerge }

// OutputModes returns the output modes the sink's write mode accepts;
// empty means any.
func (b *AssetBinding) OutputModes() []string { return b.WriteMode.OutputModes }

// Accepts reports whether the sink accepts the output mode.
func (b *AssetBinding) Accepts(mode string) bool {
	return len(b.WriteMode.OutputModes) == 0 || slices.Contains(b.WriteMode.OutputModes, mode)
}

// OutputMode returns the output mode the profile forces on the query
// writing the sink (its output_mode option), "" when inferred.
func (b *AssetBinding) OutputMode() string { return b.Asset.String(OutputModeOption) }

// Guarantee returns what the sink's write mode delivers on replay when the
// engine writes it.
func (b *AssetBinding) Guarantee(engine string) SinkGuarantee {
	return b.WriteMode.Guarantee(b.Asset.Plugin.Name, engine)
}
