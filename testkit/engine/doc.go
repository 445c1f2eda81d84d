// Package engine is the in-process streaming engine behind package testkit
// and `etlgen run` with the local engine: it executes the pipeline IR in
// micro-batches with the semantics of Spark Structured Streaming.
//
// # Flow
//
//	Open(doc, model, binding, opts)   one Query per planner query (one per load)
//	Query.RunBatch                    offsets/N → read sources → validate → operators
//	                                  → sink (idempotent per checkpoint and batch id)
//	                                  → state/N → commits/N → advance the watermark
//
// Each load is its own query with its own checkpoint directory, exactly as the
// planner lays them out (planner.CheckpointPath): the queries of one source read
// it independently, as Spark's queries do.
//
// # Semantics (Spark's, cited per file)
//
//   - Micro-batches and checkpoints follow MicroBatchExecution: offsets/N is
//     written before batch N runs, commits/N after its sink wrote; on restart an
//     uncommitted batch is re-run with the offsets, watermark and batch
//     timestamp recorded in offsets/N (checkpoint.go).
//   - Watermarks follow WatermarkTracker and EventTimeWatermarkExec: per
//     watermark operator the max event time seen minus the delay, the global
//     watermark the min across operators, advanced after a batch and used by the
//     next; 0 before any data (watermark.go). As with
//     spark.sql.streaming.noDataMicroBatches.enabled (the default), a batch
//     without new data runs when the watermark advanced past what the stateful
//     operators last saw.
//   - Late rows: a stateful operator drops input rows whose event time (or
//     window end) is at or before the watermark, counting them in
//     numRowsDroppedByWatermark (StateStoreWriter.applyRemovingRowsOlderThanWatermark
//     with WatermarkSupport's LessThanOrEqual predicate).
//   - Windows (TimeWindowing, SessionWindowing, MergingSessionsExec), aggregation
//     output modes (StateStoreSaveExec), deduplication (StreamingDeduplicateExec,
//     StreamingDeduplicateWithinWatermarkExec) and stream–stream joins
//     (StreamingSymmetricHashJoinExec) are described in their files.
//
// # Delta tables and Change Data Feeds
//
// The delta and delta-cdf plugins run over Delta-like tables held in the
// Env's DeltaCatalog (cdf_table.go): every write is a version with its
// change rows. CDFSource reads them as Delta's DeltaSource with
// readChangeFeed does (offsets are reservoir versions, cdf_source.go);
// ChangeSink is the CDF MERGE of etl.LoadChanges, the latest change per key
// applied idempotently per checkpoint and batch id (cdf_sink.go).
//
// # Values
//
// A row is a []any in the order of its Schema. Values are nil (SQL NULL),
// string, bool, int32, int64, float64, decimal.Decimal, time.Time (UTC),
// contracts.Date, []any and map[string]any (a struct).
package engine
