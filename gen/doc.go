// Package gen turns one loaded, planned model into files: typed Go helpers,
// data contracts (ODCS, JSON Schema), transformation and pipeline contracts
// (DTCS, DPCS), rendered pipeline docs (Mermaid, DOT, HTML, CDF diagrams)
// and the Spark engine's PySpark programs.
//
// # The model
//
// A Model holds the loaded Go packages with their contracts (FromLoad) and,
// when the packages declare pipelines, the planner's model of them (Plan, a
// *planner.Model) with the planner's diagnostics. The caller builds it once:
// it loads the contracts, plans the pipeline IR (planner.Plan or
// project.Load, bound to a profile or not) and sets Plan. Generators only
// read it. They never plan, infer schemas or read the profile themselves:
// the IR is Plan.Document(); a pipeline's sources, steps and queries come
// from Plan.Pipelines, each pointing at what its ids name (its IR part,
// contract, transformation, upstream stream, host: planner's resolve.go),
// never looked up by id; inferred schemas come from Plan.Inferred and the
// step plans, the redacted profile from Plan.Bound (nil when unbound), what
// a plugin is called from its spec (profile.Plugin.Display, through the
// asset binding) and the engine's from Plan.EngineDisplay. Contracts alone
// are found by id (contractOf): the documents are keyed by contract id,
// and a contract of the loaded packages may be in no pipeline.
//
// # Generators and groups
//
// A Generator has a name, a Spec (summary, group, outputs, owned files,
// options) and a pure Generate(ctx, *Model) ([]File, error); a File is a
// path and bytes. Default is the one list of built-in generators; each
// belongs to the group of the command that runs it:
//
//   - GroupGo ("gen", etlgen gen): GoAccessors writes zz_etlgen.go next to
//     each package (typed column accessors and contract registration).
//   - GroupContracts ("contracts", etlgen contracts -o DIR): ODCS and
//     JSONSchema per contract (ODCS with servers from the redacted profile
//     when the plan is bound, an iceberg sink as its store's server type
//     with format iceberg since ODCS has no iceberg type; SLA and support
//     from the contract's marker);
//     with a plan, DTCS per transformation and DPCS per pipeline (bound
//     parts only when the plan is bound).
//   - GroupDocs ("docs", etlgen docs -o DIR): Mermaid, DOT and HTML per
//     pipeline, CDFDocs for a pipeline with a CDF MERGE, and Site: the docs
//     site over them (index.html with search and the lineage across
//     pipelines, contracts/<id>.html with SLA, support, producers,
//     consumers and column lineage).
//   - GroupCompile ("compile", etlgen compile -o DIR | --check DIR): PySpark
//     writes one program per pipeline and the runtime module, rendered by
//     package pyspark from the plan, when the plan is bound to a pyspark
//     profile.
//
// DPCS and the docs read one Graph of each pipeline (PipelineGraph); see
// docs/docs-generation.md. The pipeline's quality gates (planner
// PipelinePlan.Gates) are DPCS qualityGates (dpcs_gates.go) beside the
// contract and late-data gates, and a table and query rows in the HTML; a
// quarantine gate's output is an output port, a data flow and a graph
// node (dpcs_graph.go). Expectations (PipelinePlan.Expectations) are
// DPCS qualityGates of category expectation placed after the step whose
// rows they check (dpcs_expect.go), and a table and query rows in the
// HTML; a stream's Quarantined() load is a quarantine output port and a
// graph node with a "quarantined" edge (dpcs_graph.go). A load another query hosts (multi-sink,
// planner.Query.Host) keeps its own port, query row and failure mode; the
// DPCS queries name its host (host, hosted) and the HTML says "Runs in" and
// "Writes also". Without a plan, the pipeline generators write nothing.
//
// Every name from the user reaches a file through its target's quoting:
// GoComment and jen.Lit in Go, MermaidLabel in Mermaid, DOTQuote in DOT,
// html/template in HTML, yaml.v3 in YAML, markdownText in Markdown; nothing
// a name holds (a newline, */, """, </script>, -->, U+2028, NUL) ends a
// comment, a literal or an element. A model with errors (a load naming a
// missing node, a cycle) still generates what it can or fails with an
// error; no generator panics on one.
//
// # The docs site
//
// Site documents a project: Model.Project when set (NewProject: a Unit per
// pipeline package and docs target, each with its own planned Model and the
// Dir its pipeline pages go under), else the Model alone. It gathers one
// catalog over the units (site_catalog.go): pipelines, contracts with the
// loads that produce and the extracts that consume them, and sinks; draws
// the cross-pipeline lineage with the pipeline graphs' layout, one node per
// contract id (site_lineage.go); and traces each sink column back to source
// fields through the steps' inferred lineage (site_columns.go). The site is
// written once, over the model holding the project; over a unit's own model
// Site writes nothing, and that unit's pipeline pages link up to the site
// root. Project.Files runs a group over every unit, under its Dir, and over
// the project, so one call yields the whole site.
//
// # Running and sinks
//
// Run calls every generator, checks that no two produce the same path and
// that no path escapes the root, and only then hands the files to a Sink
// (and returns them):
// DirSink writes them under a root directory, MemorySink keeps them for
// tests, CheckSink compares them with disk and reports stale or missing files
// (CI). Nothing is written unless every generator succeeded.
//
// Generators own exactly their files. Several runs may write into one
// directory (two pipelines' contracts or docs), so a sink given an Owner
// (OwnerOf: the run's group and packages, narrowed to pipelines when the
// run planned only some) keeps the directory's ledger, LedgerFile: each
// owner's last files with their SHA-256, sorted, committed with them
// (ledger.go, sink_owned.go). A file matching a generator's Spec.Owns that
// the same owner (or one its run takes over: a run over packages a and b
// covers a's and b's) wrote before and no longer produces (the ODCS file of
// a deleted contract) is removed by DirSink and reported as obsolete by
// CheckSink, unless another owner lists it too. A run never writes over
// another owner's file with other bytes, except a shared file whose own
// output changed since its last run (ETL-G814 otherwise; nothing is
// written). A generated file no owner lists (a directory written before the
// ledger) is kept and listed as Unowned; a ledger that cannot be trusted
// (unparsable, a path escaping the root) is ETL-G815 and nothing is pruned.
// A sink without an Owner (etlgen gen) writes and never prunes.
//
// # Contract drift
//
// Drift compares contracts read back from ODCS files (ReadPublished) with the
// contracts loaded from Go source and classifies each difference as breaking
// or compatible (see docs/contract-drift.md).
package gen
