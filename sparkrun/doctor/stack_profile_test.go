package doctor

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/e2e/stack"
)

// stackProfile is testdata/stack.yaml (the default stack: its endpoints,
// no spark_version, so Spark 4.1) bound to the running stack: the Connect
// URL and Kafka bootstrap `scripts/stack.sh env` exports and spark_version
// the stack's line, so doctor does not refuse a 4.2 server (ETL-E702).
// ETLGEN_DOCTOR_PROFILE, when set, names the profile instead.
func stackProfile(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("ETLGEN_DOCTOR_PROFILE"); p != "" {
		return p
	}
	data, err := os.ReadFile(filepath.Join("testdata", "stack.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, r := range [][2]string{
		{stack.DefaultSparkRemote, stack.SparkRemote()},
		{stack.DefaultKafkaBootstrap, stack.KafkaBootstrap()},
		{"session_timezone: UTC}", fmt.Sprintf("session_timezone: UTC, spark_version: %q}", stack.SparkLine())},
	} {
		if !strings.Contains(text, r[0]) {
			t.Fatalf("testdata/stack.yaml has no %q", r[0])
		}
		text = strings.Replace(text, r[0], r[1], 1)
	}
	p := filepath.Join(t.TempDir(), "stack.yaml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
