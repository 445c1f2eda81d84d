// Package e2e holds the end-to-end tests of etlgen on the local lakehouse
// stack (scripts/stack.sh): they skip unless ETLGEN_STACK=1, and `make
// test-stack` (part of `make test`) starts the stack and runs them.
//
// # Tests
//
//   - Corpus parity: every payload of contracts/testdata/corpus/order_event.jsonl
//     through Go validation (contracts.RecordValidator) and through the Spark SQL
//     validation plan of contracts/sparksql on the real server, once from an
//     in-memory table and once read back from a Kafka topic: the same verdict,
//     reason code and field path, row for row.
//   - Pipeline runs: the order-streaming example on Kafka → Delta with the
//     generated PySpark program (see pipeline_test.go).
//
// Package e2e/stack has the helpers (Kafka, Spark Connect, unique names).
package e2e
