// Package etl is what pipeline authors write against: typed transformations
// whose bodies are logical plans built with a small DSL over generated column
// accessors, and pipelines that extract, transform and load. It builds the
// pipeline IR (package ir); it never executes anything.
//
// # Transformations
//
// etl.Transform (one input), etl.Transform2 (two streams, e.g. a
// stream-stream join) and etl.TransformStatic (a stream and a static table)
// declare a transformation with typed inputs, a parameter struct and a typed
// output. Parameters are fields of type Duration, string, int64, float64 or
// bool tagged `param:"name" default:"15m" validate:"..."`; zero fields take
// their defaults. The DSL records each field's Go name and validate tag,
// and each step's values (with those taken from defaults marked); the
// planner checks the tags (ETL-D202), so the program that prints a
// package's IR does not link validator. The body is a Go function over placeholder streams: it is
// called when a document is built, once with the defaults (the
// transformation's plan) and once per step with the step's values.
//
// # The DSL
//
// Stream[T] has Where, Select, WithColumn, WithWatermark, GroupBy(...).Agg,
// DropDuplicates, DropDuplicatesWithinWatermark, Join (with On and Within
// conditions, a Static right side for stream-static joins), Union, Sort,
// Limit and Repartition (hash-partition into n partitions by key columns,
// e.g. by the grouping key before GroupBy; Static tables have Where, Select
// and Repartition). Expressions are typed: Col[T] and Expr[T] compare with values of T
// (Eq, Lt, ...), and functions such as Add, And, Coalesce, When, Cast, Upper,
// DateTrunc take Typed[T] arguments, so mixing types is a compile error.
// The function families live in funcs_<family>.go (text and URL, regular
// expressions, math, date and time, JSON, arrays: Split returns a
// StringArray, not an expression, which only the array functions take;
// docs/dsl.md lists them with what is
// left out and why); each is proven against Spark in internal/funcverdicts.
// A stream carries expectations (Expect, ExpectOrDrop, ExpectOrFail,
// ExpectOrQuarantine, ExpectUnique in expect.go): a named predicate with an
// action, recorded in the IR and counted per batch by both engines; the
// rows it quarantines are the stream's Quarantined(), loaded like Invalid().
// Aggregates (Count, Sum, Avg, Min, Max, First, Last, ApproxCountDistinct,
// and MinBy/MaxBy: the value at the least or greatest ordering, e.g. the
// latest status by event time) are named after output columns with As.
// Windows (TumblingWindow, SlidingWindow, SessionWindow) group by event time
// and add window_start and window_end; WindowTime(window_end) is a window's
// event time (end − 1 µs, Spark's window_time), the column a downstream
// window chains on. etl.Into[T] ends a body by conforming it to the output
// contract T.
//
// # Pipelines
//
// etl.NewPipeline registers a pipeline whose body extracts assets
// (Extract[T] with Valid, Invalid and Late branches; ExtractStatic for
// tables), applies transformations (Step) and loads streams (Load; etl.Into
// types an Invalid or Late branch for its sink).
//
// # Quality gates
//
// Gate declares a gate: a Check (InvalidRatioAbove, RowsBelow,
// NullRatioAbove, or ExpectationFailedAbove and ExpectationFailedRatioAbove
// over an expectation's counts) measured per micro-batch, per event-time window with
// PerWindow, or over the last n micro-batches with OverLastBatches or the
// micro-batches of a sliding interval with OverLast (a rolling metric kept
// in the checkpoint; it warns or fails), and an
// Action: Warn, Fail, or Quarantine with QuarantineTo naming the asset the
// breached rows go to instead of the load.
//
// # Change Data Feed
//
// A change contract declares a Delta Change Data Feed's columns
// (_change_type, _commit_version, _commit_timestamp); CDF holds typed
// references to them. ChangeTypeIn, Stream.FilterChanges and the
// ChangeFilter transformation keep change rows of typed ChangeTypes
// (Insert, UpdatePreimage, UpdatePostimage, Delete); IdentityTransform
// passes a stream through; LoadChanges applies change rows to a target
// contract's table with a CDF MERGE (docs/cdf.md).
//
// # Documents and diagnostics
//
// Document(pkgPath) builds the IR of a package's pipelines after every
// contract has registered (bodies run lazily, not at variable
// initialisation). DSL calls never panic: a problem (bad duration, a stream
// used in the wrong place, a type without a contract) is recorded as an
// ETL-D2xx diagnostic at the user's source line and carried in the
// document's Diagnostics for the planner to report. A document holds its
// own copies of the contracts (contracts.Contract.Clone): a caller may
// change them without changing the registry or a later document.
package etl
