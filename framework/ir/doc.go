// Package ir is the pipeline intermediate representation: a plain, versioned,
// deterministic JSON document of whole pipelines (contracts, transformations
// with their logical plans, parameters, steps, loads and quality gates).
//
// # Why
//
// The IR is the waist of etlgen: the DSL in package etl writes it, and the
// planner, the generators and both engines read it, so every tool sees the same
// pipeline. `etlgen ir PKG` prints it.
//
// # Plans
//
// A transformation's plan is a tree of Nodes from its inputs (OpInput) to an
// OpIntoOutput root that conforms the result to the output contract;
// OpRepartition (Partitions, Keys) is a stateless shuffle that keeps its
// input's schema. Scalar
// expressions are calls by name (Func): arithmetic "+", "-", "*", "/";
// comparisons "=", "!=", "<", "<=", ">", ">="; "and", "or", "not", "isnull",
// "isnotnull", "coalesce"; strings "lower", "upper", "trim", "length",
// "concat", "substring" (1-based position, length); time "date_trunc" (unit
// literal first), "to_date", "year", "month", "dayofmonth", "hour", "minute";
// and "asc"/"desc" around a sort key. Each family of functions adds its
// names in its own file (funcs_text.go: membership, text, URL and
// conditional functions with Spark 4.1's names; funcs_regex.go: the
// regular-expression functions; funcs_json.go: json_valid and json_get,
// rendered through try_parse_json and with a path of jsonpath.go's subset;
// funcs_array.go: split and the functions that take its array, the only
// place an array may stand, CodeArrayValue), its rows joined to the table in funcs.go. Aggregates (ExprAgg) are "count" (no
// argument: count(*)), "sum", "avg", "min", "max", "first", "last",
// "approx_count_distinct", and "min_by"/"max_by" of two arguments (the value,
// then the ordering it is chosen by).
//
// # Functions
//
// One table (funcs.go, read through Func.Info and LookupFunc) holds what
// every reader shares about a function: its infix SQL spelling and the
// aliases the SQL renderer accepts (eq for =), its arity, when its result is
// NULL (isnull and isnotnull never are; coalesce only when every argument
// is; nullif and try_parse_url may be whatever the arguments; concat_ws only
// when its separator is), whether it is a sort direction and whether it is an aggregate. The
// rest stays with each reader, keyed by the same constants: package infer
// holds the typing rule of each function, the local engine its evaluation
// and package pyspark its SQL rendering.
//
// The table is the core rows joined with one slice per family of
// functions, each in its own file (funcs_math.go, funcs_time.go); the
// readers join their own per-family maps the same way (MergeTables). What
// a function's arguments mean beyond their types lives here too when two
// readers need it: the fixed-length units of timestampdiff (DiffUnit) and
// the date_format pattern subset both engines format alike (DatePattern).
//
// # Quality gates
//
// Pipeline.Gates are the declared gates (gate.go): a metric (a source's
// invalid ratio, a load's rows or a column's null ratio, an expectation's
// failed rows or failed ratio: Gate.Expectation), its threshold,
// scope (GateScopeBatch, GateScopeWindow, GateScopeDataset, or the rolling
// GateScopeLastBatches over Gate.Batches micro-batches and
// GateScopeLastInterval over the micro-batches of the sliding
// Gate.Interval) and action
// (GateWarn, GateFail, GateQuarantine with the Output asset the breached
// rows go to); the planner decides which queries evaluate each one.
//
// # Expectations
//
// Pipeline.Expectations (expect.go) are named checks of every row of one
// stream (On: an extract's valid rows or a step's output): a boolean
// Predicate (ExpectPredicate) or Keys unique within a micro-batch
// (ExpectUnique), with the action on a breaking row (ExpectWarn,
// ExpectDrop, ExpectFail, ExpectQuarantine). The quarantined rows of a
// stream are its port PortQuarantine (QuarantineStream), the stream's
// columns and the reason columns (QuarantineExpectation,
// QuarantinePipeline, QuarantineObservedAt).
//
// # Parameters
//
// A transformation's Params record, besides name, type, default and
// description, the Go field of the DSL's parameter struct (Field) and its
// `validate` tag (Validate); a step's ParamValues say which values are
// defaults (Defaulted). The planner checks the values against the tags
// (the user's IR program does not link a validator). ParseSpan reads a
// duration in Go or Spark form, as a duration parameter's default is
// written.
//
// # Diagnostics
//
// Problems the DSL found while building (ETL-D2xx, codes.go) travel in
// Document.Diagnostics so that the planner reports them with its own.
//
// # Determinism
//
// Marshal sorts what has no meaningful order (contracts, transformations,
// pipelines, diagnostics) and keeps declaration order where it matters
// (fields, steps, plan inputs), so the same pipeline always gives the same
// bytes. Relativize makes source positions relative to a directory so that
// documents compare equal across machines.
package ir
