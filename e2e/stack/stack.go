package stack

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"testing"
)

// EnvGuard is the variable that enables stack tests: they run when it is "1".
const EnvGuard = "ETLGEN_STACK"

// Default endpoints of scripts/stack.sh.
const (
	DefaultSparkRemote    = "sc://127.0.0.1:15002"
	DefaultKafkaBootstrap = "127.0.0.1:9092"
)

// Enabled reports whether the stack tests should run.
func Enabled() bool { return os.Getenv(EnvGuard) == "1" }

// Require skips t unless ETLGEN_STACK=1.
func Require(t testing.TB) {
	t.Helper()
	if !Enabled() {
		t.Skipf("stack test: set %s=1 and start the stack (make stack-up) to run it", EnvGuard)
	}
}

// SparkRemote is the Spark Connect URL: ETLGEN_SPARK_REMOTE or the stack's default.
func SparkRemote() string { return envOr("ETLGEN_SPARK_REMOTE", DefaultSparkRemote) }

// SparkLine is the Spark line of the stack's server (a profile's
// spark_version): ETLGEN_SPARK_LINE, which scripts/stack.sh env prints, or
// 4.1.
func SparkLine() string { return envOr("ETLGEN_SPARK_LINE", "4.1") }

// KafkaBootstrap is the Kafka bootstrap address: ETLGEN_KAFKA_BOOTSTRAP or the stack's default.
func KafkaBootstrap() string { return envOr("ETLGEN_KAFKA_BOOTSTRAP", DefaultKafkaBootstrap) }

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

// Unique returns prefix_<12 hex digits>: a name no other test uses, valid as
// a Kafka topic, a Spark identifier and a path element.
func Unique(prefix string) string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return prefix + "_" + hex.EncodeToString(b)
}
