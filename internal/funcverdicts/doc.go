// Package funcverdicts is the differential corpus of etlgen's scalar
// functions: every function of the IR (ir.Funcs) evaluated on inputs
// chosen to break it, by the local engine (localengine) and by Spark
// 4.1 and 4.2 (ANSI mode on, session time zone UTC, as generated programs
// run), with each line's answers recorded in testdata.
//
// It lives under internal because it is a test instrument above both
// engines: it builds expressions with the etl DSL, types them with
// package infer, evaluates them with the local engine (localengine.Scalar) and
// renders them with pyspark.SQLExpr, and no layer below may import all of
// those.
//
// # Cases
//
// A Case is a name ("<func>/<what it breaks>"), an expression built with
// the etl DSL over named, typed input columns (the Vars S, N, F, T, ...)
// and rows of Go values as the local engine holds them (nil is NULL).
// Cases live in tables per family, cases_<family>.go, each a function
// listed in families (corpus.go). The common shape is one line:
//
//	f.over("lower/strings", etl.Lower(typed[string](S)), S, Strings)
//
// over gives one row per value of a pool, cross one row per pair of two
// pools' values, rows explicit rows. The pools (pools.go) hold each
// type's hostile values: NULL, empty and whitespace strings, non-BMP and
// combining characters, invalid UTF-8, the case-mapping traps, integer
// extremes, NaN, the infinities and -0.0, decimals at their precision,
// far-past and far-future timestamps, leap days and DST instants; JSON
// cases read JSONTexts (cases_json.go: malformed documents, duplicate keys,
// exponent and big numbers, escapes, trailing text), array cases split
// strings of the pools.
//
// # Answers
//
// Local types a case's expression as the planner does (infer.Plan): a
// refused expression is an answer ("refused": the diagnostic codes). Else
// the engine evaluates every row as the Spark line asked for answers
// (localengine.Scalar; where lines differ, the engine follows the line); a row Spark's ANSI mode fails on is an
// localengine.EvalError, answered by its Spark error class. Both engines'
// values are written in one canonical text (canon.go): strings quoted byte
// for byte, timestamps in UTC to the microsecond, doubles keeping -0 and
// NaN, decimals with their type's scale. Compare says where the answers
// differ; etlgen refusing what Spark runs is no difference, Spark refusing
// what etlgen runs is one.
//
// # Spark and the recordings
//
// QueryOf renders a case for Spark: the expression as the generated
// program writes it (pyspark.SQLExpr) over a VALUES table whose cells are
// exact literals (strings from their bytes, timestamps from microseconds,
// dates from days, doubles and decimals from exact text). testdata/
// harness.py runs every case in one Python process; a query that fails is
// split until each failing row is alone, so every row gets its own answer.
// The answers are recorded per Spark line, in testdata/<family>.json for
// 4.1 (profile.DefaultSparkLine) and testdata/<family>-4.2.json for 4.2,
// one input row and its result per line of the file; the harness refuses
// a server of another line than the one recorded (stack.SparkLine). The
// lines differ on try_parse_json of an unpaired surrogate escape (a
// value on 4.1, NULL on 4.2: the engine follows the line) and on LIKE
// with a pattern beyond U+FFFF (never a match on 4.1, matched on 4.2:
// the type checker refuses it on both, ETL-D235).
//
// # Tests
//
// TestFunctionsAgree (offline) evaluates every case locally on each line
// and compares with that line's recording, naming the case, the row and both answers; cases
// listed in pending (each with the work that removes its difference) are
// skipped while they differ. TestLinesDiffer lists the cases whose
// answers differ between lines, so a new difference is reviewed.
// TestEveryFunctionHasCases fails when a scalar
// function of ir.Funcs has no case. TestSparkAgrees (ETLGEN_STACK=1) runs
// a smoke set of the corpus on the stack (per family, the first case of
// each kind of recorded answer, the one case with error rows cheapest
// to split, and the cases whose answers differ between lines; make test
// does so) and compares with the
// recording of the stack's line; -full runs every case (`make
// verdicts-live`), and -record runs every case and rewrites the stack
// line's recordings after adding cases (`make record-verdicts`, once on
// a 4.1 stack and once on a 4.2 one):
//
//	ETLGEN_STACK=1 go test ./internal/funcverdicts -run TestSparkAgrees -record
package funcverdicts
