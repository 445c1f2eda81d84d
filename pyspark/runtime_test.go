package pyspark_test

import (
	"encoding/json"
	"os/exec"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/pyspark"
)

// TestRuntimeClassify runs etlgen_runtime.classify on typical failures:
// the code and the exit code a program reports for each.
func TestRuntimeClassify(t *testing.T) {
	py, err := pyspark.FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	files := generateCase(t, "testdata/stack_available_now")
	dir := t.TempDir()
	if err := pyspark.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	script := `
import json, sys
sys.path.insert(0, sys.argv[1])
import etlgen_runtime as rt

def exc(name, msg):
    return type(name, (Exception,), {})(msg)

cases = [
    exc("SparkConnectGrpcException", "<_MultiThreadedRendezvous: StatusCode.UNAVAILABLE failed to connect to all addresses>"),
    exc("StreamingQueryException", "org.apache.kafka.common.errors.SaslAuthenticationException: Authentication failed"),
    exc("EnvironmentError", "environment variable ORDERS_KAFKA_SASL (Kafka credentials) is not set"),
    exc("StreamingQueryException", "io.delta.exceptions.ConcurrentAppendException: Files were added by a concurrent update"),
    exc("StreamingQueryException", "java.nio.file.AccessDeniedException: s3a://warehouse/t: 403 Forbidden"),
    exc("AnalysisException", "[UNRESOLVED_COLUMN.WITH_SUGGESTION] A column cannot be resolved"),
    exc("StreamingQueryException", "[STATE_SCHEMA_INCOMPATIBLE] state schema\n=== Streaming Query ===\n checkpointLocation=x"),
    exc("StreamingQueryException", "boom\n=== Streaming Query ===\nAnalysisException checkpointLocation=/tmp/x Connection refused"),
]
print(json.dumps([list(rt.classify(c)[:2]) for c in cases]))
`
	cmd := exec.Command(py, "-c", script, dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python: %v", err)
	}
	var got [][]any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	want := [][]any{
		{"connectivity", 16.0}, {"authentication", 16.0}, {"authentication", 16.0}, {"merge-conflict", 1.0},
		{"sink-permission", 16.0}, {"analysis-error", 1.0}, {"checkpoint-corruption", 1.0}, {"failure", 1.0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("classify (-want +got):\n%s", diff)
	}
}
