package main

import (
	"github.com/etlgen/etlgen/framework/ir"
)

// Where Spark 4.1 defines the sink and trigger behaviours.
const (
	sinkModes   = "DataStreamWriter.start: the sink's supported output modes (Delta DeltaDataSource, FileStreamSink: append only)"
	triggerRule = "DataStreamWriter.trigger / Trigger.ProcessingTime (ProcessingTimeSuite)"
	mergeRule   = "Delta MERGE: DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE"
)

// sparkSinkTriggerCases: sinks and their output modes, merge keys, triggers.
func sparkSinkTriggerCases() []sparkCase {
	hour := tumbling("1h0m0s")
	paid := func() *ir.Document { return ordersTo(filterPaid(input("orders")), "order-event", "paid_orders") }
	return []sparkCase{
		{name: "delta_append_update", about: "a Delta streaming append sink for an aggregation in update mode",
			rule:   sinkModes + ": \"Data source delta does not support Update output mode\"",
			doc:    func() *ir.Document { return windowsTo(hour, "windows_append") },
			assets: map[string]string{"windows_append": sink("windows_append", "output_mode: update")}},
		{name: "delta_append_complete", about: "a Delta streaming append sink for an aggregation in complete mode (Delta's complete overwrites the table each batch)",
			rule: sinkModes, doc: func() *ir.Document { return windowsTo(hour, "windows_append") },
			assets: map[string]string{"windows_append": sink("windows_append", "output_mode: complete")},
			deliberate: "write_mode append promises an append: complete mode would rewrite the table at every micro-batch; " +
				"write_mode: foreach-batch-merge takes complete and update and keeps the table's history of changes"},
		{name: "file_sink_append_window", about: "a JSON file sink for a window aggregation in append mode", rule: sinkModes,
			doc: func() *ir.Document { return windowsTo(hour, "windows_files") }},
		{name: "file_sink_complete", about: "a JSON file sink for an aggregation in complete mode",
			rule:       sinkModes + ": \"Data source json does not support Complete output mode\"",
			doc:        func() *ir.Document { return windowsTo(hour, "windows_files") },
			assets:     map[string]string{"windows_files": sink("windows_files", "output_mode: complete")},
			equivalent: &equivalent{assets: map[string]string{"windows_files": sparkSinks["windows_files"]}, modes: map[string]string{"windows_files": "complete"}}},
		{name: "file_sink_stateless", about: "a JSON file sink for a stateless query", rule: sinkModes,
			doc: func() *ir.Document { return ordersTo(filterPaid(input("orders")), "order-event", "order_files_out") }},
		{name: "merge_keys_partial", about: "merge_keys [customer_id] for a per-window table, several micro-batches",
			rule: mergeRule, doc: func() *ir.Document { return windowsTo(hour, "windows") },
			assets: map[string]string{
				"windows":      "{plugin: delta, table: corpus.%[1]s_windows, write_mode: foreach-batch-merge, merge_keys: [customer_id], output_mode: update}",
				"order_events": source("order_events", "max_offsets_per_trigger: 3"),
			},
			deliberate: "Spark runs a MERGE on part of the key until several source rows of one batch match one target row, then fails the batch " +
				"(DELTA_MULTIPLE_SOURCE_ROW_MATCHING_TARGET_ROW_IN_MERGE, measured with the generated program in e2e/merge_partial_test.go); " +
				"before that, one source row overwrites every window of its customer. The equivalent query here writes MERGE sinks as noop. " +
				"etlgen refuses it unless the asset sets allow_partial_merge_keys"},
		{name: "trigger_processing_time_zero", about: "a processing-time trigger of 0 seconds: Spark's as fast as possible", rule: triggerRule,
			doc: paid, trigger: "{type: processing-time, interval: 0s}"},
		{name: "trigger_processing_time", about: "a processing-time trigger of 5 seconds (stopped after the first batch)", rule: triggerRule,
			doc: paid, trigger: "{type: processing-time, interval: 5s}"},
		{name: "trigger_once", about: "the once trigger (deprecated in Spark, still run)", rule: triggerRule,
			doc: paid, trigger: "once"},
		{name: "trigger_default", about: "no trigger: micro-batches as fast as possible (stopped after the first batch)", rule: triggerRule,
			doc: paid, trigger: "none"},
		{name: "trigger_negative_interval", about: "a processing-time trigger of -5 seconds",
			rule: triggerRule + ": \"interval cannot be negative\"", doc: paid, trigger: "{type: processing-time, interval: -5s}",
			equivalent: &equivalent{trigger: "processingTime=-5 seconds"}},
	}
}
