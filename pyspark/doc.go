// Package pyspark is the Spark engine: it turns a planned model
// (planner.Model: the IR document, the profile's bindings, the step plans)
// into one readable PySpark Structured Streaming program per pipeline, a
// Spark Connect client; package sparkrun runs it. The generator starts no
// process (Compile, the runner and doctor are in sparkrun).
//
// # Generate
//
//	files, err := pyspark.Generate(model)
//
// returns, per pipeline, <pipeline_id>.py (PyName of the pipeline id: every
// character outside [A-Za-z0-9_] turned into '_', a keyword suffixed with
// '_') and once the runtime package etlgen_runtime/ (RuntimePackage,
// IsRuntimeFile; runtime/etlgen_runtime/, embedded, with the plugins'
// runtime modules), the generic helpers
// the programs import, one module per concern (progress lines, idempotent
// Delta MERGE and append, idempotent file writes, table creation, late-row
// reconstruction, failure classification, signal handling). The package
// needs only the standard library and pyspark, is imported from the
// program's directory, and is pickled by value into foreachBatch functions
// (the server needs no copy); its unit tests (runtime/tests, pytest, make
// pytest) fake pyspark.
//
// # Event lines
//
// A program prints one JSON event line per lifecycle step on stdout
// (etlgen_runtime.events.emit). Their kinds and fields are declared once,
// in package pyspark/events (a payload type per kind), and decoded once, by
// events.ParseEvent, into Event's payload of the line's kind; sparkrun and
// package run read the payloads.
// The runtime's tests check every line it emits against the same
// declaration (runtime/tests/event_schema.json, written by pyspark/events'
// TestEventSchemaFile -update). Generate reads only the model (the
// bindings it resolved, never the raw profile) and never touches the file
// system; Write puts files in a directory. Output is deterministic. A
// model `etlgen validate` accepts always generates: every reason the engine
// could refuse one is a planner rule (ETL-S460 to S464 for late outputs),
// and the errors left here are for a model that was not validated.
//
// The program is built from embedded text/template files (templates/) fed a
// view-model computed in Go; every value reaches Python through PyString (a
// Python string literal), every name in a comment or docstring through
// PyComment or PyDoc (the template's comment and doc: one line, nothing can
// end the comment or docstring), and every name reaches Spark SQL through
// sparksql.QuoteIdent / sparksql.QuoteString. The identifiers a program
// defines from names (functions and constants of assets, steps and queries,
// the parameters of a step) come from one table per scope (names.go):
// PyName of the name, never a keyword, a builtin or one of the program's
// own names, and distinct when two names map to the same characters.
// Templates only loop and branch. sparkrun.Compile checks generated files with a
// Python interpreter (etlgen compile runs it before writing).
//
// # Plugins
//
// The engine reads and writes assets through a registry keyed by
// profile.PluginName (plugins.go): a plugin in its own folder
// (plugins/<name>: rate, filejson, kafkajson, delta, deltacdf, iceberg)
// hands its Plugin to Register from its init function, building it from
// the exported views and helpers (SourceView, SinkView, OptionsKV,
// PyString, PyList, PyDict, SQLIdent; TableLayout and LayoutLiteral for a
// table sink, sink_layout.go), with its runtime module when it writes a
// storage the core runtime does not (Plugin.Runtime: iceberg). Each
// says which roles it implements, how it reads a source (reader format,
// options, lineage, payload or typed rows) or writes a sink, and whether a
// batch can be read again for late rows. Supports and Plugins tell what the
// engine implements; a test checks it against every plugin spec that lists
// the pyspark engine. A plugin may bring a module of the runtime package
// (Plugin.Runtime, runtime_modules.go: iceberg's etlgen_runtime/iceberg.py):
// Generate writes every registered plugin's module next to the core's, and
// a program imports those of the plugins it reads or writes, each
// registering its sink kind with the runtime's registry (sinks.py), on
// which the core's writes, commits and batch lines dispatch.
//
// A program connects with the model's Session: the Connect URL and session
// conf as literals, and the parameters and conf keys read from environment
// variables (REMOTE_ENV, SESSION_CONF_ENV: names only) resolved by the
// runtime when the program starts, their values redacted from everything it
// prints. The generator refuses to write a literal credential into a
// program: the planner checks the session, every source's and every
// sink's options once (Session.LiteralSecret, Source.LiteralSecret,
// Sink.LiteralSecret) and the generator reads its verdict.
//
// What a program does, per query of the plan:
//
//   - reads its source (kafka-json with every profile option; credentials and
//     reader options written ${env:NAME} by environment-variable name,
//     <ASSET>_CREDENTIAL_ENV and <ASSET>_OPTIONS_ENV, read at run time;
//     file-json as text lines) keeping topic, partition, offset and Kafka
//     timestamp, and the records' headers with include_headers (rejected
//     rows' source_headers); a static side
//     (delta, or file-json) is read with spark.read at every micro-batch, a
//     Delta table's rows rendered as JSON payloads, and validated like a
//     stream, a row that breaks the contract failing the batch
//     (rt.static_valid: raise_error, class invalid-static-row, as the local
//     engine fails it), or, with a quarantine named in the profile, left
//     out and MERGEd into that Delta table by the owner query's foreachBatch
//     before its sink, each distinct row once (<table>_quarantine,
//     rt.quarantine_static; view_static_quarantine.go); a delta-cdf source
//     reads the Change Data Feed (readChangeFeed + the profile's starting
//     version / timestamp and rate limits), each change row turned into a
//     JSON payload (to_json(struct(*))) validated like a Kafka message, its
//     _commit_version / _commit_timestamp kept as offset and timestamp; a
//     rate source is Spark's generated typed rows (timestamp, value); on
//     Spark 4.2 each streaming read is named in the query's checkpoint
//     (planner.SparkSourceName, a second read of one source suffixed with
//     its port: shared.sourceName), source evolution on in the session;
//   - validates with the contract's compiled Spark SQL (contracts/sparksql):
//     valid rows get the typed projection, invalid rows the rejection columns
//     (raw payload, reason code, reason, field path, observed time, lineage,
//     pipeline and contract ids) — a true partition of the input;
//   - applies the steps' logical plans as DataFrame operations (filter,
//     select, withColumns, withWatermark, window / session_window + groupBy
//   - agg, dropDuplicates(WithinWatermark), joins, unionByName, orderBy,
//     limit, repartition(n, F.col(key), ...));
//   - writes with foreachBatch: a Delta MERGE on the merge keys, or a Delta
//     append, made idempotent with Delta's txnAppId / txnVersion (app id = the
//     planner's query identity, version = the batch id); an Iceberg append
//     (writeTo) or MERGE whose snapshot summary records the app id and batch
//     id, skipped when a snapshot already records them; or JSON files into
//     one directory per batch, <path>/etlgen_query=<the checkpoint's query
//     id>/etlgen_batch=<batch id>, overwritten on replay; tables are created
//     from the contracts when absent, with the sink's partition_by and
//     table_properties, and an existing table is checked against them
//     before its query starts (rt.ensure_table: its catalog entry, DESCRIBE
//     TABLE EXTENDED and SHOW TBLPROPERTIES, which need no job over the
//     table's state; DESCRIBE DETAIL decides a table they show different,
//     rt.check_layout); an
//     append with merge_schema sets mergeSchema; a CDF MERGE sink (planner
//     Sink.Changes) keeps per key the batch's latest change (highest
//     _commit_version, then change type), ignores update pre-images, and
//     deletes or upserts it in one idempotent MERGE;
//   - late outputs (Late()) are written by the query that holds the stateful
//     operator (the planner's Query.LateHost): in its foreachBatch it reads
//     offsets/N and offsets/N-1 of its own checkpoint, re-reads exactly that
//     batch of the source the planner names (Query.LateSource: a Kafka
//     range, or the files of the file-source log batch), recomputes the
//     rows reaching the step's first stateful operator — the port the
//     stream reads, the stateless upstream steps, static tables read in
//     full — and keeps those whose latest window ends at or before the
//     previous batch's watermark: Spark's own drop decision
//     (docs/spark-engine.md); where the operator's event time is provably
//     a payload member unchanged (lateCandidates), the rows whose lenient
//     time puts them after the watermark are dropped before the contract's
//     validation (rt.late_candidates).
//
// start() calls every query's prepare_<query> (its tables, created or
// checked, each Delta table's version read before it is created, and its
// resume point, rt.resume_point) before the first
// start_<query>, so that the queries start together; start_<query> reads
// its resume point itself when called without one (a restart).
//
// A program prints one JSON line per event on stdout ("session" once
// connected, "start", "batch", "orphan", "end"), and exits 0 (finished
// or stopped), 1 (failure) or 16 (connectivity, authentication, sink
// permission). A graceful stop (finish-batch) sets a session conf every
// foreachBatch reads first, so the batch in flight finishes and the next
// one ends its query before it writes; with OrphanSessionEnv the program
// first releases a dead driver's session (ReleaseOnlyEnv: only that); every
// call retries a server that does not answer for at most the profile's
// server_loss_timeout.
//
// # Expectations
//
// A stream's expectations (planner.Expectation, view_expect.go) are
// applied by rt.expect in the query's own pass: an observed metric per
// expectation for the counts, a filter for drop, raise_error with the row
// as JSON for fail (failure class expectation, nothing committed), a
// filter for quarantine too: a Quarantined() load is a query of its own
// whose rt.quarantine applies the stream's expectations in order and keeps
// the rows the first quarantine expectation they break names
// (view_expect_quarantine.go). No Python UDF.
//
// # Quality gates
//
// A query with quality gates (planner.Query.Gates, view_gates.go) has a
// <QUERY>_GATES list. A gate that warns is measured in the query's own pass
// from observed metrics: rt.validate(..., observe=) counts a validated
// source's rows read and rejected (also the batch line's invalid_rows),
// rt.observe_rows the rows handed to the sink and the nulls of each
// null-ratio column; the driver computes the verdict from the progress
// (rt.observed_gates). A gate that fails is measured by rt.check_gates in
// the foreachBatch before the MERGE or append: one aggregate over the batch
// for rows and null ratios, and for an invalid ratio the batch's source
// rows read again and validated (<source>_batch_checked: the Kafka offset
// range of the checkpoint's offsets, batch 0 from the source's initial
// offsets, or the file-source log batch), as the local engine counts them.
// A gate on an expectation's counts that warns per batch reads the
// expectation's observed metric (rt.expect); one that fails or rolls counts
// the expectation again over those source rows, valid and projected, after
// the stream's earlier drops (view_gates_expect.go, rt.expectation_parts).
// Its verdicts go to the session conf, one key per query and batch, for the
// batch line; a breach raises with GATE_MARKER (failure class
// quality-gate): nothing is written and the batch stays uncommitted. A
// stateful query with a failing gate materializes its batch first
// (measured, then written). The batch a checkpoint replays has no progress
// on Spark 4.1 (SPARK-55271): the foreachBatch is bound to it
// (functools.partial, replay=) and check_gates measures all its gates.
// A gate per event-time window, whatever its action, and a quarantine gate
// are measured by check_gates too (rt.window_verdict: one aggregate over
// the per-window values); a breached quarantine gate's rows are split off
// by rt.quarantine_split and written to its output by write_<output>
// (view_gates.go, writeView: the output's own writer and txnAppId)
// before the query's sink writes the rest. A rolling gate (over the last
// n batches, or a sliding interval) is measured by check_gates as one that fails, summed with the
// parts of the batches before it that rt.rolling_sums reads from a Delta
// table in the query's checkpoint directory (a sliding gate: those whose
// trigger time, batchTimestampMs of offsets/N, rt.trigger_time, is in its
// interval); rt.keep_rolling appends the
// batch's parts there once its gates pass, idempotently per batch id.
// Before a breached gate fails the batch, rt.rows_first computes the
// batch's rows, so that an expectation that fails on a row fails it first
// (ETL-E751), as on the local engine.
//
// A load another query hosts (multi-sink, planner.Query.Host) starts no
// query: its host's foreachBatch materializes the batch once and writes it
// after its own sink with write_<load> (view_query.go hostedWrite, a
// writeView with the load's txnAppId), and prepare_<host> creates its table.
//
// # Replay
//
// GenerateReplay (replay.go) writes the replay program of a quarantine
// (etlgen replay --yes, docs/replay.md) from the same template: the
// pipeline's program over a model the caller reduced to the valid branch
// of the quarantine's source, that source read as a stream from the replay
// ledger Delta table (its raw column as the payload), and start() first
// appending the entries of the file ETLGEN_REPLAY_ENTRIES names to the
// ledger, once (etlgen_runtime.append_ledger: txnAppId / txnVersion).
//
// # Run
//
// Package sparkrun starts a generated program (sparkrun.Run), reads its
// event lines and stops it; sparkrun/doctor checks the environment and
// sparkrun/sparkui reads the driver's status API.
package pyspark
