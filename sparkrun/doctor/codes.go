package doctor

// Check codes of environment problems (E7xx). They are stable: never renumber,
// only add; docs/diagnostics.md documents each of them.
const (
	CodeConfig         = "ETL-E700" // the profile does not name an endpoint a check needs
	CodeConnect        = "ETL-E701" // the Spark Connect server is unreachable
	CodeSparkVersion   = "ETL-E702" // the server runs an unsupported Spark version
	CodeDelta          = "ETL-E703" // Delta is not usable on the server
	CodeKafka          = "ETL-E704" // the Kafka bootstrap servers do not answer
	CodeCheckpoint     = "ETL-E705" // the checkpoint root is not writable through Spark
	CodeSessionTimeout = "ETL-E707" // a probe did not finish within its time limit
	CodeKafkaOffsets   = "ETL-E708" // starting offsets do not name exactly the partitions of the source's topics
	CodeDeployment     = "ETL-E709" // the server's spark.master says executors run elsewhere, the profile says local
	CodeExecutors      = "ETL-E710" // an executor could not write to the checkpoint storage or read from Kafka, or none is registered
	CodeCodegenCache   = "ETL-E711" // warning: the server's cache of compiled classes is smaller than a streaming pipeline's micro-batches need
)

// CodeInfo documents one check code.
type CodeInfo struct {
	Code  string
	Title string
}

// Codes lists every check code with a one-line title, in code order.
var Codes = []CodeInfo{
	{CodeConfig, "profile lacks an endpoint"},
	{CodeConnect, "Spark Connect server unreachable"},
	{CodeSparkVersion, "unsupported Spark version"},
	{CodeDelta, "Delta not usable"},
	{CodeKafka, "Kafka unreachable"},
	{CodeCheckpoint, "checkpoint location not writable"},
	{CodeSessionTimeout, "probe timed out"},
	{CodeKafkaOffsets, "starting offsets do not name every partition"},
	{CodeDeployment, "server deployment differs from the profile's"},
	{CodeExecutors, "an executor cannot reach storage or Kafka"},
	{CodeCodegenCache, "compiled-class cache too small for micro-batches (warning)"},
}
