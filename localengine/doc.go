// Package localengine is etlgen's local engine: the in-process streaming
// engine `etlgen run` uses with the local engine, and that package testkit
// (the test toolkit) runs pipelines on. It executes a planned pipeline in
// micro-batches with the semantics of Spark Structured Streaming.
//
// # Flow
//
//	m, _ := planner.Plan(doc, prof, opts)   the one planned model
//	eng, err := localengine.Open(m, id, env) lock every query's checkpoint, one Query per
//	                                        (OpenContext: a sink's wait at open, a Kafka
//	                                        broker's reach, ends with ctx)
//	                                        planned query (one per load), each checked
//	                                        and positioned from its checkpoint
//	eng.Run(ctx, m.Trigger, onBatch)        once / available-now / processing-time;
//	                                        eng.Hooks: batch started, query idle
//	Query.RunBatch                          offsets/N → read sources → validate → operators
//	                                        → sink (idempotent per checkpoint and batch id)
//	                                        → state/N → commits/N → advance the watermark
//	eng.Close()                             release the locks
//
// Open reads only the model: the IR document and contracts (m.Document,
// m.Contract), each pipeline's planned sources, queries and sinks with their
// asset bindings (planner.Source.Binding, planner.Sink.Binding), and the
// schema the planner inferred for every node of every step
// (planner.StepPlan.Node); it never re-reads the profile nor infers again.
//
// Each load is its own query with its own checkpoint directory, exactly as the
// planner lays them out (planner.CheckpointPath): the queries of one source read
// it independently, as Spark's queries do.
//
// # Rounds
//
// Run runs rounds of one batch per query, in query order (round.go). A
// query that shares nothing with the others but the input cache (locked)
// and the clock — its own file sources, which no query of the engine
// writes, and a file sink of its own, no hosted load, gate output or
// quarantine (Query.mayOverlap) — starts its batch, in a goroutine of its
// own, as soon as the query before it has read its input, while that one
// still emits, writes and commits: the example's rejected and late
// queries unpack the batch the windows query packed beside the windows
// query's emit and commit, on the second core. Each query still writes its
// sink and commits only after the one before it committed, so a query's
// own checkpoint commits after its sinks and the round commits in query
// order; when the one before it failed or was abandoned the batch is
// abandoned too, before its sink write (offsets/N stays logged,
// uncommitted: the next start re-runs it with those offsets). Run's
// callback and hooks are called from Run's goroutine, in query order,
// once the batches they report and those overlapping them ended: no batch
// runs while a callback does, except the first query's BatchStarted,
// called as its batch starts, as before (an overlapping batch's
// BatchStarted comes once it ran). The first error in query order is
// Run's; no batch starts once ctx ended.
//
// Under Run, a query that scanned a file source for its batch reads the
// source's next batch ahead once its input is read (read_ahead.go): the
// files Next would propose now (FileSource.peek, which records nothing;
// regular files only: a named pipe gives its lines once, to its batch),
// scanned and validated in a goroutine beside the emit and the commit, at
// most two chunks ahead until the next batch takes them; a batch planned
// with other files (or the same files grown) drops it and scans as
// before. A read ahead is no batch: nothing is logged for it, and Close
// stops it.
//
// # Checkpoints
//
// A checkpoint has an identity (metadata, checkpoint_id.go) and a lock
// (checkpoint_lock.go over localengine/filelock: flock(2) on unix, released
// when its process ends; exclusive creation elsewhere): Open fails with a
// *LockedError
// (ETL-K520) naming the holder when another engine runs the query.
// Before resuming, verify (checkpoint_verify.go) checks that offsets,
// commits, state files and the sink's log line up, else a
// *CheckpointError (ETL-K521, ETL-K522, ETL-K523): a batch is never
// planned again over other data, nor from a wrong state. A checkpoint file
// that cannot be read back, or a checkpoint or sink file that cannot be
// written, is a *FileError naming it (codes_files.go: ETL-K535, ETL-K536,
// and ETL-K537 for a sink log that does not decode); offsets and commits
// files carry the SHA-256 of their fields (checkpoint_seal.go), state files
// a trailer with the SHA-256 of their records (state_seal.go), the
// manifest a checksum too (compat.go), checked on every read; from the
// metadata's sealedFrom batch on a file without one is an error, not a
// file written before checksums. A running file sink checks its log's
// size and last bytes before each append (sink_log_watch.go: changed
// meanwhile, ETL-K537). testkit/faults injects such faults into every
// file the engine writes.
//
// # State
//
// Stateful operators keep their state by key (keyedState, state.go) with
// the keys changed since the last checkpoint and their values, and an
// index by eviction time (expiryIndex, a heap in pages: column.go), so that a batch visits the keys
// it reads and those the watermark evicts, never the whole state: a delta
// is written from the changed keys without a lookup in the map of every
// key. An aggregation's keys map to its groups in a groupTable
// (agg_table.go): flat columns by group number, paged so that growing
// never copies them (column.go), each aggregate's accumulators in the few
// fields its function uses (acc_column.go; a count, min, max or scaled
// sum folded in place), no object per group; its records in state files
// are those of aggGroup and accState (agg_codec.go). The checkpoint holds, as
// HDFSBackedStateStoreProvider's, a delta per batch (state/N.delta: the
// keys the batch set and removed) and a snapshot every
// state_snapshot_interval batches (state/N.snapshot), merged in the
// background from the previous snapshot and the deltas after it, their
// seals checked on every core (checkpoint_state.go): records sorted by key whose values, in a compact
// binary form (state_codec.go), merge as bytes; the state after batch N is the latest snapshot
// at or before N with the deltas after it, and a checkpoint written
// before deltas (a whole state/N per batch) reads as snapshots.
//
// # Plugins
//
// Sources and sinks open through a registry keyed by profile.PluginName
// (plugin.go): a plugin in its own folder (plugins/<name>, e.g.
// plugins/rate over RateSource, plugins/memory over MemoryStream and
// MemoryTable, plugins/filejson over FileSource, FileStatic and FileSink,
// plugins/kafkajson over KafkaSink with its franz-go producer, or the
// Env's Kafka in tests, plugins/delta over the Env's DeltaCatalog:
// DeltaStatic, DeltaSink and DeltaTable as a ChangeTarget, plugins/deltacdf
// over CDFSource) hands its
// Plugin to Register from its init function. A Kafka sink renders each row as Spark's to_json does (KafkaValue,
// KafkaKey: kafka_json.go). A delta sink creates its table
// with the profile's layout or checks an existing table's, and its appends
// check columns as Delta does (delta_layout.go). A plugin has a source factory per
// source role it reads in, a sink factory per sink role it writes in, and
// the change target of a CDF MERGE load; Supports and SupportsChanges say
// what the engine runs, and a test checks it against every plugin whose
// spec lists the local engine. The file sink (sink_file.go) names its
// files part-<batch>-<checkpoint id>.jsonl and logs committed batches in
// _etlgen_sink/<checkpoint id>.log (sink_log.go; CommittedFiles lists
// them for readers, each checked against the size and SHA-256 its log
// recorded at commit, on every core (each_core.go; the error the first
// failing file's in log order), CommittedParts with the rows the log
// counted in each); StartOver (fresh.go, `etlgen run --fresh`) deletes a
// pipeline's checkpoints and exactly the files and logs they wrote there,
// under the checkpoints' locks, with the Leftovers of other runs (a
// replay's queries, their files, its directory). A sink log is trusted only when it stays in
// its directory (sink_log_confine.go: its id is its file name, every file
// it names is its checkpoint's own part file by plain name, no symbolic
// link on the way; else ETL-K524, SinkLogError), and StartOver follows only
// the log of the checkpoint's own identity, never the path a log claims. Payload sources (Source: memory streams, JSON
// files, Change Data Feeds, static tables: a Delta table, or FileStatic's
// every file of a directory, read at every batch) are validated against the
// extract's contract, and an invalid row of a static side fails the batch
// (StaticRowError, the Spark program's invalid-static-row), or, when the
// profile names a quarantine for the table, is written there once by the
// query that owns it (static_quarantine.go: the rows the target does not
// hold yet, as the Spark program's MERGE);
// typed sources (RowSource: rate) deliver rows as they are.
//
// # Triggers
//
// Run fires triggers as the profile says (run.go): once, one batch per
// query; available-now (and no trigger), batches until no query has data;
// processing-time, what is available at every interval until ctx ends.
// Each trigger reads processing-time sources up to the time it fired; ctx
// is checked before every batch. When it ends, the profile's stop policy
// applies (stop.go): finish-batch lets the batch in flight commit unless
// it outlives stop_timeout, cancel-batch abandons it uncommitted (it
// re-runs on the next start). RunAvailable is processAllAvailable
// (testkit).
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
//     next; 0 before any data (query.go). As with
//     spark.sql.streaming.noDataMicroBatches.enabled (the default), a batch
//     without new data runs when the watermark advanced past what the stateful
//     operators last saw. The global watermark is propagated per operator
//     (PropagateWatermarkSimulator, watermark.go): a stateful operator
//     evicts with its input watermark, which after a stream–stream join is
//     the join's output watermark (the min of its state watermarks).
//   - Late rows: a stateful operator drops input rows whose event time (or
//     window end) is at or before its input watermark of the previous batch,
//     counting them in numRowsDroppedByWatermark
//     (StateStoreWriter.applyRemovingRowsOlderThanWatermark with
//     WatermarkSupport's LessThanOrEqual predicate).
//   - A limit on a stream keeps the first N rows overall, its count in state
//     (StreamingGlobalLimitExec, limit.go).
//   - A repartition passes its rows through in their order: the engine has no
//     partitions (Spark's repartition changes where rows are, not which).
//   - MERGE sinks (memory and delta, foreach-batch-merge) apply a batch as
//     Delta's MERGE ... WHEN MATCHED UPDATE SET * WHEN NOT MATCHED INSERT *
//     does (merge.go): on merge keys that are part of a key, one source row
//     updates every target row of its key, and several matching one target
//     row fail the batch (ErrMultipleSourceRows).
//   - The rate source follows RateStreamMicroBatchStream: offsets are whole
//     seconds from the creation time kept in the checkpoint, values ramp up
//     over rampUpTime, timestamps spread a batch's values over its seconds,
//     on the processing-time clock (rate_source.go).
//   - Windows (TimeWindowing, SessionWindowing, MergingSessionsExec; their
//     window_start / window_end carry no watermark, WindowTime does), aggregation
//     output modes (StateStoreSaveExec), deduplication (StreamingDeduplicateExec,
//     StreamingDeduplicateWithinWatermarkExec) and stream–stream joins
//     (StreamingSymmetricHashJoinExec) are described in their files.
//   - Expressions follow Spark's ANSI mode (spark.sql.ansi.enabled, the
//     Spark 4 default): integer overflow, a division by zero and a decimal
//     past its precision fail the row (an *EvalError carrying Spark's error
//     class, arith.go), and a row that fails fails its micro-batch as a task
//     failure fails Spark's: nothing of the batch is committed and the run
//     returns the error (eval.go). localengine.Scalar evaluates one expression
//     row by row for internal/funcverdicts, the corpus that compares every
//     function with Spark's recorded answers.
//   - Text, URL and regular-expression functions follow UTF8String, ICU's
//     case mappings, java.net.URI, URLEncoder/URLDecoder and java.util.regex
//     (through contracts/regex), invalid UTF-8 included (funcs_text*.go,
//     funcs_url*.go, funcs_regex.go); JSON is read as try_parse_json reads
//     it into a variant and converted as try_variant_get does
//     (funcs_json*.go); split's array is a []string only the array
//     functions read (funcs_array.go); internal/funcverdicts compares them
//     with Spark's recorded answers.
//   - Expressions give the answers of the Spark line the profile targets
//     (Model.SparkVersion, the spark resource's spark_version; 4.1 when
//     none): where lines differ (try_parse_json of an unpaired surrogate
//     escape), the line's function replaces the default one (funcs_lines.go),
//     and internal/funcverdicts compares both lines with their recordings.
//
// # Files
//
// The file-json source (file_source.go) lists regular *.json and *.jsonl
// files as Spark's FileStreamSource does (maxFilesPerTrigger,
// maxBytesPerTrigger's takeFilesUntilMax), recording each file's size and
// modification time in the offset log. A batch streams its files' lines
// into validation in chunks (file_read.go, payloadScanner) while the
// operators run: chunks of rows flow through row operators into the
// operator that consumes them (stream.go, source_scan.go), so neither the
// input nor the batch's rows are held; the other queries of the source
// unpack the batch the first one packed (input_packed.go: only the ports
// they read; the next chunk unpacked ahead on another core; a filter right
// over the source unpacks only the rows it keeps, filter_packed.go, and a
// late output over such a filter only its late rows, late_packed.go). A
// query into a file sink without a hosted load or a gate
// that needs the rows first (quarantine, per window) writes its rows into
// a temporary part file as they come, put in place and logged when the
// batch succeeds (sink_stream.go), so its output is not held either. Lines are
// split as Spark's text source (Hadoop's LineRecordReader) splits them,
// byte for byte, with a bounded buffer (file_lines.go). A listed file that is gone, or that changed since it
// was listed, is reported with a code (input_codes.go): an InputError, or
// a Warning in the batch's Progress.
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
// # Quality gates
//
// A query evaluates its quality gates (planner.Query.Gates, gates.go)
// after its operators ran and before its sink writes: an invalid ratio
// from the batch's source counts (rejected / read), an expectation's
// failed (and checked) rows from the batch's expectation counts, a load's
// rows and a column's null ratio from the rows about to be written (counted as they
// stream into a file sink, sink_stream.go). The verdicts are
// in Progress.Gates; a breached gate with action fail returns a
// *GateError (ETL-E750, GateMarker) instead: the sink did not write,
// the operators go back to the last commit, and the batch stays pending
// with its logged offsets, so the next RunBatch or start re-runs it.
// A gate per event-time window groups the rows about to be written by
// window_start and window_end and measures each window (the worst value,
// the windows breached, their starts). A breached quarantine gate takes
// the batch's rows, or its breached windows', to its output
// (planner.Gate.Quarantine, opened as a sink: gate_outputs.go), written
// before the query's sink gets the rest, each write idempotent per
// checkpoint and batch id. Crash and Replay evaluate the gates too: a crash
// at a breached fail gate stops before the sink write, and a replay
// returns its verdicts (Replayed.Gates) and what it wrote to each output
// (Replayed.Quarantined), which the testkit compares with the committed
// batch's. A rolling gate (gates_rolling.go) sums its metric's parts
// (GateParts) over the batch and the batches before it whose metrics/N the
// checkpoint keeps (MetricsLog, written before commits/N, pruned with the
// offsets): a restart goes on from them, a re-run batch replaces its own.
// A sliding gate adds only the batches whose kept trigger time
// (MetricsLog.BatchTimestampMs, the batch's offsets/N time) is less than
// its interval before the current batch's.
//
// # Expectations
//
// The compiler puts the expectations declared on a stream
// (planner.PipelinePlan.Expectations) behind the operator that computes
// it (compiler.ref, expect.go), so that every reader of the stream sees
// its rows after them: an expectOp counts each row's verdict on the
// batch, drops a breaking row with action drop, and records the first
// breaking row with action fail, which ends the batch with an
// *ExpectationError (ETL-E751, ExpectationMarker) before its sink writes,
// as a failing gate does; action quarantine drops the row like drop. A
// uniqueness expectation keeps the keys seen in the batch. A
// Quarantined() load compiles the stream before its expectations into a
// quarantineOp (expect_quarantine.go), which applies them in order without
// counting and emits the rows the first quarantine expectation they break
// names, with the reason columns. Progress.Expectations are the counts of the query's
// expectations (planner.Query.Expectations), zeros when no row reached one.
//
// Loads of one stream that share a query (multi-sink, planner.Query.Host)
// are not queries of the engine: the host writes each batch to its sink,
// then to each hosted load's (hosted.go), idempotent per checkpoint and
// batch id (Progress.Hosted, Replayed.Hosted; Engine.Query resolves a
// hosted load to its host). A batch that fails — a gate, an operator, a
// write — stays pending with its operators back at the last commit
// (failBatch), so a run again, in this engine or after a restart, has the
// same offsets and state.
//
// # Values
//
// A row is a []any in the order of its Schema. Values are nil (SQL NULL),
// string, bool, int32, int64, float64, decimal.Decimal, time.Time (UTC),
// contracts.Date, []any and map[string]any (a struct).
// Validation and the unpacking of a packed batch box a chunk's int64s,
// strings, timestamps and decimals into one array per type (box_slab.go),
// not one allocation each: the interfaces are those Go's boxing gives.
package localengine
