// Package run runs planned pipelines on their profile's engine with one
// API, reports their lifecycle as typed events, the same on both engines,
// and one report type built from those events.
//
// # Flow
//
//	Start(ctx, model, Options) → *Handle (ID, Status, Await, Stop); Run = Start + Await
//	  local engine:   localengine.Open per pipeline (locks its checkpoints) →
//	                  Engine.Run(ctx, trigger, …) with localengine.Hooks (batch
//	                  started, idle), stopping by the profile's stop policy
//	                  when ctx ends or Stop is called → Close
//	  pyspark engine: the server's Spark line against the profile's
//	                  spark_version (doctor.CheckServer: ETL-E702, no
//	                  program starts; ETL-E711 a warning) → pyspark.Generate → programs in a fresh directory →
//	                  per pipeline: the driver lease of its checkpoints
//	                  (ETL-K520 when another run holds it) → sparkrun.Run
//	                  with the lease inherited, an orphaned session to
//	                  release first, its JSON lines read back (spark_lines.go)
//	  either engine → Events (stream.go: one at a time, a BatchStarted
//	                  before every BatchCompleted, WatermarkAdvanced from
//	                  the batches' watermarks, one QueryIdle per idle spell)
//	                → Report.apply (the report's one source) → OpenLineage
//	                  events (openlineage.go, execution.openlineage) →
//	                  Options.OnEvent, Options.OnBatch
//	  per pipeline  → a Report, written as run-report.json
//
// # Events
//
// Per query: QueryStarted (fresh, or recovered with its last commit,
// resume offsets and watermark), then per micro-batch BatchStarted,
// WatermarkAdvanced (when the batch runs with a later watermark),
// BatchCompleted (the batch line's metrics, with the watermark late rows
// were judged against, the previous batch's, and the batch's own); QueryIdle
// between batches under a processing-time trigger; QueryFailed (failure
// class and retry guidance); QueryTerminated last. No per-record events.
// docs/run.md has the table. A batch's quality-gate verdicts
// (Batch.Gates, either engine) ride on its BatchCompleted, a warn breach
// is also a warning (ETL-E750), as is a quarantine breach (with the rows
// it moved), the report counts them per query (QueryReport.Gates: breaches
// and rows quarantined), and a fail is the failure class quality-gate. A
// per-window verdict names its windows (GateVerdict.Windows,
// WindowsBreached, BreachedWindows). A load another query hosts
// (multi-sink, planner.Query.Host) gets its host's events again, right
// after them (hosted.go, mirror): its batches name the host (Batch.Host)
// and carry the rows written, not the host's gates, late rows or state.
// A batch's expectation counts (Batch.Expectations, either engine: expect.go)
// ride on its BatchCompleted too, rows breaking one that warns are a warning
// (ETL-E751), the report sums them per query (QueryReport.Expectations), a
// fail is the failure class expectation, and the OpenLineage RUNNING event
// of the batch carries them as a dataQualityAssertions input facet.
//
// # OpenLineage
//
// With execution.openlineage in the profile, the stream also turns each
// query's events into OpenLineage run events — START, RUNNING per
// committed batch, COMPLETE or FAIL — with the pipeline as job, the
// sources and sink as datasets (each with its ODCS contract in an
// etlgen_contract facet) and the batch's facts (offsets, watermark,
// checkpoint, Delta version) as facets, written to a JSON-lines file or
// posted to an endpoint; a failing destination is a warning and a count in
// Report.Lineage, never a failed run.
//
// Options.Fresh starts each pipeline over first, on the local engine
// (localengine.StartOver, after Options.Confirm; its replays' ledgers and what
// they wrote go too, replayLeftovers); on Spark it is refused with
// what starting over there takes (the checkpoints, the replays'
// _replay/<quarantine> directories and the Delta sink tables: a new
// checkpoint's batches would be skipped by the tables' txnAppId). ReadSink reads a sink's rows where the profile binds it (a
// file-json directory's committed files, past the rows it keeps counting
// a sealed file's rows from the sink log, localengine.CommittedParts; a
// Delta table through Spark Connect) for `etlgen show` and the summary
// after a run. A local run tunes Go's garbage collector unless GOGC is set
// (local_gc.go).
//
// Replay (replay.go, `etlgen replay`) reads a quarantine with ReadSink,
// validates each row's raw payload again under the source's current
// contract and reports the diff; with ReplayOptions.Apply it appends the
// rows that pass now to the quarantine's replay ledger (replay_ledger.go,
// under the pipeline's checkpoints: _replay/<quarantine>) and runs the
// loads of the source's valid branch over the ledger on the local engine,
// each with a checkpoint of its own, so a row is fed once
// (replay_ingest.go; docs/replay.md). On Spark the ledger is a Delta table
// there and the replay is a generated program (pyspark.GenerateReplay) run
// as a run's program is: it appends the rows once (txnAppId/txnVersion),
// then runs the valid branch's queries over the ledger from their own
// checkpoints and txnAppIds (replay_spark.go). ReadSink marks a
// quarantine's rows the ledger holds (SinkRows.Replayed, replay_mark.go).
//
// The model must come from planner.Plan without errors (the CLI checks with
// `etlgen validate` semantics first). A Report is written next to the
// outputs: the directory holding a local run's file sinks (else its
// checkpoint root), or the directory of the compiled Spark programs; a
// Spark run rewrites it after every event, so a killed etlgen leaves the
// report so far. After a Spark run the report says which executors ran the
// tasks of the program's Spark Connect session (Report.Executors, read
// through sparkrun/sparkui from the driver UI the program's start line
// names), or why that is unknown.
//
// # Driver lease (Spark engine)
//
// A lease file per pipeline checkpoint directory and server under
// $ETLGEN_STATE_DIR/drivers, locked with flock and inherited by the
// program, records etlgen's pid, the program's pid, its Spark Connect
// session and run id. A program that dies without its end line has its
// session released at once (the server stops its queries); a session left
// in the lease by a driver that died with etlgen is released by the next
// run before it starts. docs/spark-engine.md has the whole story.
package run
