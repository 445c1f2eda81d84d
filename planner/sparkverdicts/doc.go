// Package sparkverdicts is the differential corpus of the planner against
// Spark 4.1 and 4.2: small pipelines under planner/testdata/spark, each with
// the planner's verdict and Spark's on each line, measured on real servers.
//
// # The corpus
//
// Each case is a directory (written by `go run ./planner/testdata/corpusgen`
// from its tables, spark_*.go): ir.json and profile.yaml, case.json (what it
// checks, the Spark rule behind it, etlgen's verdict — etlgen_lines where
// it differs on a line — and, when etlgen disagrees with Spark, why:
// deliberate or pending) and Spark's verdict per line as the live test
// recorded it: spark.json on 4.1, spark-4.2.json on 4.2 (SparkFile). Load
// reads them.
//
// # Verdicts
//
// Judge plans a case the way `etlgen validate` does (profile.Parse, then
// planner.Plan) and returns its Etlgen verdict: the error codes, and the
// warnings and notes. A case agrees with Spark when etlgen accepts the
// pipeline exactly when Spark runs it (Agree); a deliberate case may
// disagree, and a pending one is skipped until the planner change it names
// lands.
//
// # Tests
//
// TestCorpus (offline, no JVM) plans every case on every line (the profile
// made to target it, OnLine) and checks that line's recorded verdicts: the
// planner's codes, and agreement with the recorded Spark verdict. TestSparkVerdicts (ETLGEN_STACK=1) runs every case on the stack
// in one Python process (testdata/harness.py): the program pyspark.Generate
// writes where etlgen accepts the pipeline, otherwise an equivalent query
// built from the IR and a plan whose broken assets stay bound
// (EquivalentModel: profile.Registry.ParseKeepingBroken). On a line that
// names streaming sources (4.2) a job runs under the program's named-source
// session conf and an equivalent query names each streaming read as the
// program would (planner.SparkSourceName, one read per asset and query), so
// that Spark judges a clash of names (case source_names_clash, ETL-P410).
// It compares Spark's outcome with the one recorded
// for the server's line, or records it with -record. Without -full or
// -record it runs only a smoke set, the first case of each kind of
// recorded verdict (make test does so); `make verdicts-live` runs every
// case and `make record-verdicts` re-records them.
package sparkverdicts
