// Package run runs planned pipelines on their profile's engine and reports
// what happened, one report type for both engines.
//
// # Flow
//
//	Run(ctx, model, Options)
//	  local engine:   engine.Open per pipeline (locks its checkpoints) →
//	                  Engine.Run(ctx, trigger, …), stopping by the profile's
//	                  stop policy when ctx ends → Close
//	  pyspark engine: pyspark.Generate → programs in a fresh directory →
//	                  pyspark.Run per pipeline, its JSON events read back
//	  every micro-batch → Options.OnBatch (one Batch type for both engines)
//	  per pipeline     → a Report, written as run-report.json
//
// The model must come from planner.Plan without errors (the CLI checks with
// `etlgen validate` semantics first). A Report is written next to the
// outputs: the directory holding a local run's file sinks (else its
// checkpoint root), or the directory of the compiled Spark programs.
package run
