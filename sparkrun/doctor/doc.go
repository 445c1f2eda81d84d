// Package doctor checks that the environment a profile names can run a
// pipeline on the Spark engine: the Spark Connect server, its deployment
// (spark.master against the profile's), Delta, Kafka, the partitions named
// by specific Kafka starting offsets or assigned to a source, the
// checkpoint location, and, from the executors themselves, the checkpoint
// storage and the Kafka assets' topics.
//
// # Flow
//
//	LoadConfig  profile YAML → Config (framework/profile parses it: P3xx diagnostics;
//	            endpoints: connect URL, Kafka servers, checkpoint root, and the
//	            Kafka sources whose starting offsets name partitions)
//	Run         Config → Report (one Check per probe, in a fixed order)
//	Preflight   Config → Report of the starting-offsets probes only (Kafka, no
//	            Spark): what etlgen run checks before it starts a program
//	CheckServer Config → Report of the connect, version and codegen-cache
//	            probes: the server's line against the profile's spark_version
//	            (ETL-E702), which etlgen run refuses to start a program on,
//	            and the compiled-class cache, which it warns of (ETL-E711)
//	Report      → text checklist (WriteText) or JSON (WriteJSON); OK() decides the exit code
//
// Each probe does real work: it opens a Spark Connect session with
// apache/spark-connect-go, asks the server for its version (against the
// profile's spark_version) and its spark.master, creates, reads and
// drops a scratch Delta table (its engineInfo against the Delta/Spark pairs
// known not to work, pairs.go), sends a Kafka metadata request with franz-go,
// compares each source's specific starting offsets with the partitions its
// topics have on the broker (what `etlgen validate` cannot know offline;
// Spark fails when they differ) and writes a one-row DataFrame under the
// checkpoint root through Spark; the executor probe counts the executors
// through the driver's status API (sparkrun/sparkui), runs tasks that each
// write a row naming their JVM (SQL reflect: host and pid) under the
// checkpoint root, and reads the last records of each Kafka asset's topics
// split into as many tasks, so that an executor without the storage keys
// or a route to the brokers shows (ETL-E710); the last probe reads the
// server's spark.sql.codegen.cache.maxEntries and warns (ETL-E711) below
// MinCodegenCacheEntries, where every micro-batch compiles its classes
// again. A probe whose prerequisite failed is skipped, not failed, so the
// report names the first real cause. A warning passes (Report.OK): the
// pipeline runs, slower than it should.
//
// # Codes
//
// A failing check carries a stable ETL-E7xx code (codes.go) and a hint that
// says how to fix it; docs/diagnostics.md documents every code.
package doctor
