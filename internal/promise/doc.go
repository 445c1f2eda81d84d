// Package promise holds the repository-wide test of etlgen's promise to a
// CI job: a pipeline that `etlgen validate` accepts compiles on the Spark
// engine (the generated program is valid Python) and opens on the local
// engine, whichever profile binds it. See promise_test.go.
package promise
