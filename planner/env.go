package planner

import "github.com/etlgen/etlgen/diag"

// Env is what the planner needs to know about the profile a pipeline is bound
// to: the engine, trigger, checkpoint root and one AssetBinding per asset.
// FromProfile builds it from a loaded profile; tests may build it directly.
type Env struct {
	// Profile is the profile name; it is part of every checkpoint identity.
	Profile string `json:"profile"`
	// Engine is pyspark or local.
	Engine string `json:"engine"`
	// Trigger is the profile's trigger, e.g. "available-now" or
	// "processing-time 30s".
	Trigger Trigger `json:"trigger"`
	// CheckpointRoot is the directory (or URI) under which every query's
	// checkpoint lives.
	CheckpointRoot string `json:"checkpointRoot"`
	// Assets maps an asset name to its binding.
	Assets map[string]AssetBinding `json:"assets"`
	// Packages are the Spark packages the engine needs beyond the plugins'.
	Packages []string `json:"packages,omitempty"`
	// Pos is where the profile is declared.
	Pos diag.Position `json:"-"`
}

// Trigger is when a query runs its micro-batches.
type Trigger struct {
	// Type is processing-time, available-now, once or continuous.
	Type string `json:"type"`
	// Interval is the processing-time interval, e.g. "30s".
	Interval string `json:"interval,omitempty"`
}

// String renders the trigger as in the plan, e.g. "processing-time 30s".
func (t Trigger) String() string {
	if t.Interval != "" {
		return t.Type + " " + t.Interval
	}
	if t.Type == "" {
		return "default (micro-batch as fast as possible)"
	}
	return t.Type
}

// AssetBinding is one asset bound to a plugin.
type AssetBinding struct {
	Asset string `json:"asset"`
	// Plugin is kafka-json, delta, delta-cdf, file-json, memory or rate.
	Plugin string `json:"plugin"`
	// Identity is what the asset reads or writes: a topic, a table or a path.
	Identity string `json:"identity"`
	// WriteMode is append or foreach-batch-merge for sinks.
	WriteMode string   `json:"writeMode,omitempty"`
	MergeKeys []string `json:"mergeKeys,omitempty"`
	// StartingOffsets is the source's starting position for a new checkpoint
	// (earliest, latest, a JSON offset map, a timestamp or a Delta version).
	StartingOffsets string `json:"startingOffsets,omitempty"`
	// Options are the plugin options as Spark reader/writer options, sorted
	// by name when rendered.
	Options map[string]string `json:"options,omitempty"`
	// OutputModes are the output modes the sink accepts; empty means any.
	OutputModes []string `json:"outputModes,omitempty"`
	// OutputMode forces a query's output mode; empty means inferred.
	OutputMode string `json:"outputMode,omitempty"`
	// Packages are the Spark packages the plugin needs.
	Packages []string `json:"packages,omitempty"`
	// TxnIDs says the sink writes with Delta application transaction ids
	// (txnAppId/txnVersion) or an equivalent ledger, making replays idempotent.
	TxnIDs bool `json:"txnIds,omitempty"`
	// Pos is where the asset is bound in the profile YAML.
	Pos diag.Position `json:"-"`
}

// IsMerge reports whether the sink writes through foreachBatch + MERGE.
func (a AssetBinding) IsMerge() bool { return a.WriteMode == "foreach-batch-merge" }

// Accepts reports whether the sink accepts the output mode.
func (a AssetBinding) Accepts(mode string) bool {
	if len(a.OutputModes) == 0 {
		return true
	}
	for _, m := range a.OutputModes {
		if m == mode {
			return true
		}
	}
	return false
}
