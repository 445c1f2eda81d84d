// Package gen turns the loaded model (contracts, later pipelines and profiles)
// into files: Go helpers, ODCS contracts, JSON Schemas and, later, DTCS/DPCS
// and rendered docs.
//
// # Generators
//
// A Generator has a name, a Spec (summary, group, options) and a pure
// Generate(ctx, *Model) ([]File, error). Generators never touch the filesystem
// and never re-load or re-plan: they read one immutable Model built once by the
// caller.
//
// # Registry
//
// A Registry holds generators by name; Default lists the built-in set in one
// place. Each generator belongs to a group ("gen" for Go helpers written next
// to the package, "contracts" for contract files written under -o DIR), so a
// new generator joins an existing command by registering itself in Default.
//
// # Running and sinks
//
// Run calls every generator, checks that no two produce the same path, and only
// then hands the files to a Sink: DirSink writes them under a root directory,
// MemorySink keeps them for tests, CheckSink compares them with disk and
// reports stale or missing files (CI). Nothing is written unless every
// generator succeeded. A generator's Spec.Owns names the files it owns, so a
// file it no longer produces (the ODCS file of a deleted contract) is removed
// by DirSink and reported as obsolete by CheckSink.
//
// # Pipeline contracts and docs
//
// With a pipeline IR and its plan in the Model (Model.AddPlan), DTCS and DPCS
// write transformation and pipeline contracts (group "contracts"), and Mermaid,
// DOT and HTML render each pipeline (group "docs", etlgen docs). All of them
// read one Graph of the pipeline (PipelineGraph); see docs/docs-generation.md.
//
// # Contract drift
//
// Drift compares contracts read back from ODCS files with the contracts loaded
// from Go source and classifies each difference as breaking or compatible (see
// docs/contract-drift.md).
package gen
