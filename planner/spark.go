package planner

// Sources of the streaming rules. Each rule_*.go file cites the part of Spark
// it mirrors:
//
//   - checker: Spark's UnsupportedOperationChecker.checkForStreaming,
//     sql/catalyst/src/main/scala/org/apache/spark/sql/catalyst/analysis/
//     UnsupportedOperationChecker.scala in apache/spark, which rejects a
//     streaming logical plan at query start with an AnalysisException;
//   - guide: the Structured Streaming Programming Guide, "Output Modes",
//     "Support matrix for joins in streaming queries" and "Unsupported
//     Operations" (spark.apache.org/docs/latest/streaming/).
//
// The planner reports the same problems offline, before anything runs, with
// the position of the DSL call that introduced the operator.
const (
	sparkChecker = "Spark UnsupportedOperationChecker"
	sparkGuide   = "Structured Streaming Programming Guide"
)
