// Package infer infers the output schema of a logical plan (package ir) and
// checks it against the transformation's declared output contract.
//
// # Flow
//
// Plan walks a plan from its inputs (each a contract) to its root, computing
// for every operator the columns it produces: name, contract type,
// nullability, and lineage (the input columns each value derives from). Type
// rules follow Spark's analyzer: count is a non-null BIGINT, sum widens
// integers to BIGINT and decimal(p,s) to decimal(min(38,p+10),s), avg of
// decimal(p,s) is decimal(p+4,s+4), windows add non-null window_start and
// window_end timestamps, outer joins make the other side nullable.
// Function names are ir.Func constants; this package holds each one's
// typing rule, while the facts every reader shares (arity, when the result
// is NULL) come from ir's function table. Functions whose arguments must be
// literals of a certain form (a LIKE pattern, a regular expression in the
// subset of contracts/regex, a parse_url part, a JSON path) have a literal
// check too, reported as ETL-D235 (funcs_text_literals.go, funcs_regex.go,
// funcs_json.go, funcs_array.go). split's array may only be the first
// argument of an array function (ETL-D237, funcs_array.go). CheckOutput compares a schema with
// a contract (missing, extra, retyped and nullable-into-required columns).
// Document runs both over every transformation and step of an IR document.
//
// # Nullability
//
// Aggregates of a non-null argument are reported non-null: every group has
// at least one row, so sum, min, max, avg, first and last of non-null values
// are never NULL, although Spark's analyzer marks them nullable. min_by and
// max_by are always nullable (NULL when no row of the group has a non-NULL
// ordering) and take an orderable (scalar) ordering. A filter
// with IsNotNull(col) among its top-level conjuncts makes col non-null, as
// Spark's Filter does.
//
// # Diagnostics
//
// Problems are ETL-D2xx diagnostics (see docs/diagnostics.md) placed at the
// DSL node that caused them; inference continues past them so that every
// problem of a plan is reported at once.
//
// A well-typed call can still be refused (funcs_refuse.go, ETL-D229) when
// Spark, in ANSI mode with the session time zone UTC, would answer its
// arguments differently from the local engine or fail where the engine
// cannot: a mod by a column or by zero, a round that may overflow, abs of a
// decimal Spark rounds to 34 digits, a calendar timestampdiff unit, a
// date_format letter outside the subset. Refusing is the rule wherever the
// engines would otherwise differ silently.
package infer
