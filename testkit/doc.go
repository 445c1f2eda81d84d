// Package testkit runs pipelines in-process, in milliseconds, with no JVM:
// memory streams on the local engine (package localengine), which follows
// Spark Structured Streaming's semantics (watermarks, windows, output modes,
// late rows, checkpoints).
//
// # Flow
//
//	rt := testkit.Start(t, orderstreaming.Pipeline)        // memory profile, temp checkpoints
//	testkit.AddEvents(rt, "order_events", e1, e2)          // typed events → JSON payloads
//	rt.AddRawPayloads("order_events", []byte(`{...}`))     // anything, valid or not
//	rt.ProcessAllAvailable()                               // micro-batches until idle
//	got := testkit.Table[CustomerOrderWindow](rt, "customer_order_windows").Rows()
//	testkit.RowsEqual(t, got, want)                        // sorted diff of missing/unexpected rows
//
// Stop and Restart close the engine, releasing its checkpoints' locks so
// that one process can open them again, and Restart resumes from the
// checkpoints (optionally with a changed pipeline, which fails with the
// planner's ETL-X6xx diagnostics when its state is incompatible);
// ReplayBatch re-runs a committed batch and checks the sinks do not
// change, it produces the rows the batch wrote (to its sink, to its
// quarantine gates' outputs and to the loads it hosts: multi-sink) and its
// quality gates give the same verdicts; CrashBeforeCommit
// stops every query after its sink write and state delta (or at a
// breached fail gate) before the commit; AdvanceWatermark and AdvanceProcessingTime drive
// event and processing time deterministically.
//
// # Output tests
//
// Unique, NotNull, AcceptedValues, Relationship and Fresh are dbt-style
// tests of an Output (a TableReader, or Rows at hand), one line each:
//
//	testkit.Unique(t, testkit.Table[W](rt, "customer_order_windows"), "customer_id", "window_start")
//
// A failure lists the offending rows, sorted, at most MaxListedRows of
// them, and their count (outputs.go).
//
// # Profiles
//
// Without a profile option every asset of the pipeline (quarantine gates'
// outputs included) is bound to the memory plugin and checkpoints go to a temporary directory. ProfileFile and
// ProfileYAML use a profile instead (engine local, with any plugin the local
// engine runs: memory, file-json, delta, delta-cdf, rate; localengine.Supports).
// Importing testkit registers every plugin (it imports plugins/all), so a
// test binds real profiles without importing the plugins itself. The
// engine gives the answers of the Spark line the profile targets (its spark
// resource's spark_version, 4.1 when none): see localengine's funcs_lines.go.
// Start plans the pipeline with the profile and opens the engine on the
// planned model alone (localengine.Open); ProcessAllAvailable is the engine's
// RunAvailable. A rate source generates its rows on the processing-time
// clock: AdvanceProcessingTime makes rows available.
//
// # Delta tables
//
// Pipelines bound to the delta and delta-cdf plugins run over in-process
// Delta-like tables: DeltaInsert, DeltaUpdate and DeltaDelete commit typed
// rows as versions (with their Change Data Feed), DeltaRows reads a table
// back, and WithDelta shares a runtime's Catalog with another, e.g. a
// replay with a new checkpoint.
//
// # Conformance
//
// Scenario is a table of arrival batches and expected outputs that
// RunScenario executes on this engine; the Spark runner executes the same
// table against the generated PySpark program. Its source tables are
// Change Data Feeds or static tables (SourceTable.Static), changed by the
// arrivals; an arrival can expect its run to fail (Arrival.WantFailure) on
// both engines, the next one re-running the batch. A runner also returns
// the run's expectation counts per query (the pseudo-table
// ExpectationCounts, summed by ExpectationTally), which Want can list.
package testkit
