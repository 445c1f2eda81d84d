// Package e2e holds the end-to-end tests of etlgen on the local lakehouse
// stack (scripts/stack.sh, docs/stack.md). They skip unless ETLGEN_STACK=1;
// `make test-stack`, part of `make test` and so of CI, starts the stack and
// runs them.
//
// # Corpus parity (corpus_test.go)
//
// Every payload of contracts/testdata/corpus/order_event.jsonl goes through
// Go validation (contracts.RecordValidator) and through the Spark SQL plan
// of contracts/sparksql on the real server — once as BINARY rows of an
// in-memory relation, once produced to a Kafka topic with franz-go and read
// back with spark.read.format("kafka") — and both must give the corpus's
// verdict, reason code and field path, row for row. A mismatch prints the
// payload and both answers. knownDifferences lists the cases Spark cannot
// agree on, each explained.
//
// TestCorpusFilesParity (corpus_files_test.go) writes every file of
// contracts/testdata/corpus/order_event_files.jsonl into a directory and
// reads it as the generated program reads a file-json source (the text
// source with the plugin's pathGlobFilter): each file must split into the
// corpus's lines byte for byte, each line get its verdict, and a rejected
// line that is not UTF-8 its raw_payload_base64, as the local engine does.
//
// # Pipeline runs (pipeline_test.go)
//
// Each test gets an isolated copy of examples/order-streaming: a unique
// topic, two unique databases (or s3a:// paths) and its own checkpoint root,
// written into a test profile; the example is compiled with `etlgen compile`
// and run with the Spark engine's Go API (sparkrun.Run). Events come from
// package e2e/orders, and the expected tables are computed in Go from what
// the test produced (orders.Windows), never by an engine:
//
//   - TestPipelineAvailableNow: first run; restart with new events (nothing
//     reprocessed); events behind the watermark land in the late table;
//     forced replay (newest commits/N deleted) leaves the tables unchanged;
//     on the RocksDB state store (its provider in the offset log, changelog
//     files in the state directory).
//   - TestPipelineProcessingTime: events produced while the query runs show
//     up; SIGTERM stops it gracefully.
//   - TestPipelineS3: tables and checkpoints on s3a://warehouse/e2e/<id>/.
//
// # Two-engine conformance (conformance_test.go)
//
// TestConformance runs every scenario of testkit/conformance (suite.Scenarios: late events,
// duplicates, several windows and customers, a stream–stream join, invalid
// payloads, a CDF MERGE) on the local engine and through the generated
// PySpark program: payloads are produced to a topic per source, source
// tables are CDF-enabled Delta tables changed with SQL, each arrival is one
// available-now run; every sink is read back as canonical JSON (types
// checked against the contract) and must equal the local engine's rows and
// the scenario's Want. ETLGEN_CONFORMANCE_KEEP=1 keeps each scenario's
// database and directory for inspection.
//
// # Cluster (cluster_test.go)
//
// With the stack in cluster mode (scripts/stack.sh up --cluster: a
// standalone master, two workers, the Connect server as their driver),
// TestClusterPipeline runs the example with s3a:// tables and checkpoints
// and a four-partition topic and checks that both executors ran tasks of
// the runs' Spark Connect sessions and exchanged shuffle data (through
// sparkrun/sparkui, as etlgen run's report counts them), then that etlgen
// doctor's executor probe sees both; TestClusterRepartition runs the
// conformance scenario that repartitions by the grouping key before a
// window aggregation on the cluster (sparkRunner.cluster: deployment:
// cluster, s3a:// checkpoints) and finds the repartition's exchange in the
// micro-batches' physical plans; TestClusterWorkerKilled kills a worker and its
// executor with kill -9 during a backlog of stateful micro-batches and gets
// the same tables as a clean run. They skip in local mode, and fail there
// with ETLGEN_CLUSTER=1 (make test-cluster).
//
// # Running
//
// The tests that kill or signal processes (driver_lifecycle_test.go,
// TestDriver*: the program, the driver, the Spark Connect server itself)
// run apart: `make test-stack` runs them first in a go test of their own —
// TestDriverServerLost, which kills the server, alone, then
// TestDriverKilled and TestDriverStopAfterBatch side by side (each kills
// only processes it started) — then every other live test of the
// repository with -skip '^TestDriver' (-p 2 packages at a time), and the
// cluster tests run on the cluster stack (`make test-cluster`). Every other test is isolated by unique
// topics, databases, paths and checkpoints and calls t.Parallel, as does
// each conformance scenario, so that go test runs them -parallel at a
// time (3 in the Makefile): they spend much of their time waiting on
// program starts and micro-batch triggers, not on the server's cores.
//
// Package e2e/stack has the helpers (guard, Kafka, Spark Connect, unique
// names); e2e/cmd has the small tools `make demo-spark` and `make
// bench-spark` use.
package e2e
