// Package contracts turns Go structs into data contracts.
//
// # Model
//
// A Contract is a named, versioned record type with typed Fields, each with
// its constraints (validator/v10 vocabulary), keys, event-time marker and
// classification. The model is plain data and serialises to JSON; it knows
// nothing of pipelines. Contract.Clone is a deep copy, for a holder that
// may change it (an IR document's contracts).
//
// # Constraint vocabulary
//
// ConstraintKind names each constraint (ConstraintRequired, ConstraintGT, ...)
// and one table (constraint_kinds.go) says what each is: the argument its tag
// takes, the field types it applies to and the hint when it does not, its
// comparison when it is a bound, whether it is a string format and its
// pattern, and the reason code a value fails it with. The tag parser, the
// contract checks, Go validation, the Spark SQL rules and the generators all
// read that table through ConstraintKind's methods. pattern= takes a
// regular expression in the subset package contracts/regex accepts, where
// Java (Spark) and Go agree; Go validation compiles it with regex.Compile.
//
// # Sources of a contract
//
// Package goload reads contracts from Go source (goload.Load): go/packages
// lists the packages and reads their dependencies' types from export data,
// and go/types checks the packages themselves from source, so a load never
// compiles them (after an edit, `etlgen validate` compiles the package
// once, for its IR program, not twice). Each type declaration with marker
// comments becomes a SourceDecl that FromSource turns into a contract:
// doc comments become descriptions, marker comments (+etl:contract ...)
// give id, version, owner and the catalog keys (freshness, retention,
// support, contact), and every problem is a diagnostic with the Go
// position. This package does not import go/types: every pipeline
// program links it, the IR program validate relinks after each edit too.
// At run time the generated zz_etlgen.go registers the same model for
// each type, so Validate[T] and the framework see exactly what the
// generator saw.
//
// # Cross-field rules
//
// A +etl:rule marker line declares a Rule that relates fields: a name, the
// field path a rejection points at, and a boolean expression. rule_lex.go
// and rule_parse.go read the expression, rule_check.go and rule_types.go
// type it against the fields with Spark's result types and refuse what the
// engines would compute differently (ETL-C140..C145, positions in the
// expression); CheckRule gives the typed tree (RuleNode) that Go
// validation (validate_rule*.go) and package sparksql (rules_cross.go)
// both compile. A rule runs after every field check; NULL passes, an
// arithmetic error fails (RULE_VIOLATED).
//
// # Validation
//
// Validate[T] turns a raw JSON payload into a T or a Rejection with a stable
// reason code, the field path and, for a cross-field rule, the rule's name
// (Rejection.Rule); the quarantine row adds the contract's id and version
// (RejectionContract), so a replay can tell which contract rejected it. The same rules compile to NULL-safe Spark SQL predicates (see
// package sparksql) so that Go and Spark agree row for row.
// RecordValidator runs the same checks without a Go type: Validate gives a
// Record, ValidateBatch many, and a Checker (RecordValidator.Checker) checks
// payload after payload with one set of scratch buffers, handing out the
// values without copying them (the local engine's validation loop).
package contracts
