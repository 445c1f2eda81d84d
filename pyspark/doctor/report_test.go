package doctor

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func sampleReport() Report {
	return Report{
		Config: Config{Profile: "profiles/spark.yaml"},
		Checks: []Check{
			{Name: "spark-connect", Title: "Spark Connect server reachable", Status: OK, Detail: "sc://127.0.0.1:15002"},
			{Name: "delta", Title: "Delta tables usable", Status: Failed, Code: CodeDelta, Detail: "DATA_SOURCE_NOT_FOUND", Hint: "add the delta jar"},
			{Name: "checkpoint", Title: "Checkpoint location writable", Status: Skipped, Detail: "needs the Spark Connect server", Hint: "fix the Spark Connect check first"},
		},
	}
}

func TestWriteText(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteText(&b); err != nil {
		t.Fatal(err)
	}
	want := `etlgen doctor: profiles/spark.yaml
✓ Spark Connect server reachable: sc://127.0.0.1:15002
✗ Delta tables usable: DATA_SOURCE_NOT_FOUND [ETL-E703]
    fix: add the delta jar
- Checkpoint location writable: needs the Spark Connect server
    fix: fix the Spark Connect check first
2 of 3 checks did not pass
`
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("WriteText (-want +got):\n%s", diff)
	}
}

func TestWriteTextAllPassed(t *testing.T) {
	r := Report{Checks: []Check{{Title: "Spark version", Status: OK, Detail: "4.1.1"}}}
	var b bytes.Buffer
	if err := r.WriteText(&b); err != nil {
		t.Fatal(err)
	}
	if want := "✓ Spark version: 4.1.1\nall 1 checks passed\n"; b.String() != want {
		t.Errorf("WriteText = %q, want %q", b.String(), want)
	}
	if !r.OK() {
		t.Error("OK() = false for a report whose checks all passed")
	}
}

func TestWriteJSON(t *testing.T) {
	var b bytes.Buffer
	if err := sampleReport().WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var got struct {
		OK     bool `json:"ok"`
		Checks []struct {
			Name, Status, Code string
		} `json:"checks"`
	}
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("WriteJSON wrote invalid JSON: %v\n%s", err, b.String())
	}
	if got.OK {
		t.Error(`"ok" is true for a report with a failed check`)
	}
	if len(got.Checks) != 3 || got.Checks[1].Status != "failed" || got.Checks[1].Code != CodeDelta || got.Checks[2].Status != "skipped" {
		t.Errorf("checks = %+v", got.Checks)
	}
}

func TestFailedAndSkippedAreNotOK(t *testing.T) {
	for _, s := range []Status{Failed, Skipped} {
		r := Report{Checks: []Check{{Status: OK}, {Status: s}}}
		if r.OK() || len(r.Failed()) != 1 {
			t.Errorf("status %s: OK() = %v, Failed() = %d checks", s, r.OK(), len(r.Failed()))
		}
	}
}

func TestLoadConfig(t *testing.T) {
	cfg, err := LoadConfig(filepath.Join("testdata", "spark.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	want := Config{
		Profile:        filepath.Join("testdata", "spark.yaml"),
		ConnectURL:     "sc://127.0.0.1:15002",
		CheckpointRoot: "s3a://warehouse/checkpoints",
		SparkLine:      SupportedSparkLine,
		Kafka: map[string][]string{
			"audit_kafka":  {"127.0.0.1:9092", "127.0.0.1:9094"},
			"orders_kafka": {"127.0.0.1:9092"},
		},
	}
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Errorf("LoadConfig (-want +got):\n%s", diff)
	}
}

func TestLoadConfigResolvesLocalRoot(t *testing.T) {
	cfg, err := LoadConfig(filepath.Join("testdata", "local-root.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	if !filepath.IsAbs(cfg.CheckpointRoot) || !strings.HasSuffix(cfg.CheckpointRoot, filepath.Join("testdata", "checkpoints")) {
		t.Errorf("CheckpointRoot = %q, want an absolute path ending in testdata/checkpoints", cfg.CheckpointRoot)
	}
}

func TestLoadConfigMissingFile(t *testing.T) {
	if _, err := LoadConfig(filepath.Join("testdata", "nope.yaml")); err == nil {
		t.Error("LoadConfig of a missing file returned no error")
	}
}
