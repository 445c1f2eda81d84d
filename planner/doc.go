// Package planner checks a pipeline IR document bound to a profile, fully
// offline, and builds its plan: the streaming regions, sources, queries,
// stateful operators, output modes, checkpoint identities, sinks and delivery
// guarantees that the generators and the engines read.
//
// # Flow
//
//	Plan(doc, profile, opts)
//	  profile.Bind per pipeline      → capability diagnostics (ETL-P3xx)
//	  analyze                        → one query per load, every step expanded
//	                                   into its plan; facts per operator
//	                                   (streaming?, watermarked columns,
//	                                   stateful operators); output mode inferred
//	  DefaultRules, one per file     → definition (D26x), streaming (S4xx),
//	                                   checkpoint identity (K5xx)
//	  buildModel                     → *Model, immutable
//	  merge + sort                   → the DSL's diagnostics, Bind's and the
//	                                   rules', each problem once
//
// Plan is a pure function: it reads no file and starts nothing. Every problem
// is reported at once; the model is still built when there are errors (docs
// may show it) but must not be executed then.
//
// # Spark's rules, before Spark
//
// The streaming rules mirror Spark's UnsupportedOperationChecker and the
// output-mode and join tables of the Structured Streaming Programming Guide
// (spark.go lists the sources; each rule_*.go cites its own).
//
// # State
//
// Manifest extracts, per query, the stateful operators and what their state
// depends on (keys, key/value schema, window, watermark column, source
// identity). Compare grades a new manifest against an old one: compatible,
// partially compatible or incompatible with an existing checkpoint, each
// change with a stable ETL-X6xx code and the reason.
package planner
