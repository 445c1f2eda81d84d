// Package stack is the test support of the end-to-end tests that run on the
// local lakehouse stack (scripts/stack.sh, docs/stack.md): a Spark Connect
// server with Delta, a Kafka broker and an S3 store on 127.0.0.1.
//
// # Guard
//
// Tests call Require first: it skips the test unless ETLGEN_STACK=1, so
// `go test ./...` stays hermetic and `make test-stack` (which starts the
// stack) runs them. Endpoints come from the variables `scripts/stack.sh env`
// prints (ETLGEN_SPARK_REMOTE, ETLGEN_KAFKA_BOOTSTRAP), with the stack's
// defaults; SparkLine is the server's Spark line (ETLGEN_SPARK_LINE, else
// 4.1), the spark_version live tests put in their profiles.
//
// # Helpers
//
//	Unique(prefix)            a fresh name for a topic, table or checkpoint
//	TempDir(t)                a directory for what the server writes (checkpoints), its removal
//	                          retried while the server's state store maintenance still writes
//	Spark(t)                  a Spark Connect session (spark-connect-go), stopped at cleanup
//	Session.Rows / Exec       run SQL and collect rows
//	NewKafka(t)               a franz-go client; CreateTopic (deleted at cleanup), Produce
//	RequireCluster(t, s, root) the stack's standalone cluster (scripts/stack.sh up --cluster), or a skip;
//	                          Executors (the driver's REST API), KillWorker (kill -9), Up
//
// The Spark server and the broker are shared by every test and helper on the
// machine: everything a test creates carries a Unique name and is dropped in
// t.Cleanup.
package stack
