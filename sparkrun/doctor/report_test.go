package doctor

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/internal/golden"
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
	cfg, diags, err := LoadConfig(filepath.Join("testdata", "spark.yaml"))
	if err != nil || len(diags) != 0 {
		t.Fatal(err, diags)
	}
	want := Config{
		Profile:        filepath.Join("testdata", "spark.yaml"),
		ConnectURL:     "sc://127.0.0.1:15002",
		CheckpointRoot: "s3a://warehouse/checkpoints",
		Deployment:     "local",
		SparkLine:      SupportedSparkLine,
		Kafka: map[string][]string{
			"audit_kafka":  {"127.0.0.1:9092", "127.0.0.1:9094"},
			"orders_kafka": {"127.0.0.1:9092"},
		},
		KafkaTopics: []KafkaTopics{{Asset: "order_events", Resource: "orders_kafka", Topics: []string{"order-events"},
			Options: map[string]string{"kafka.security.protocol": "PLAINTEXT"}}},
	}
	if diff := cmp.Diff(want, cfg); diff != "" {
		t.Errorf("LoadConfig (-want +got):\n%s", diff)
	}
}

func TestLoadConfigResolvesLocalRoot(t *testing.T) {
	cfg, diags, err := LoadConfig(filepath.Join("testdata", "local-root.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	if !filepath.IsAbs(cfg.CheckpointRoot) || !strings.HasSuffix(cfg.CheckpointRoot, filepath.Join("testdata", "checkpoints")) {
		t.Errorf("CheckpointRoot = %q, want an absolute path ending in testdata/checkpoints", cfg.CheckpointRoot)
	}
}

func TestLoadConfigMissingFile(t *testing.T) {
	if _, _, err := LoadConfig(filepath.Join("testdata", "nope.yaml")); err == nil {
		t.Error("LoadConfig of a missing file returned no error")
	}
}

// TestLoadConfigDiagnostics: a broken profile gives framework/profile's P3xx
// diagnostics (positions, messages, hints), the same as validate and plan,
// and no endpoints.
func TestLoadConfigDiagnostics(t *testing.T) {
	tests := []struct {
		name  string
		file  string
		codes []string
	}{
		{"broken", "bad.yaml", []string{"ETL-P302", "ETL-P303", "ETL-P315"}},
		{"not yaml", "", []string{"ETL-P301"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join("testdata", tc.file)
			if tc.file == "" {
				path = filepath.Join(t.TempDir(), "broken.yaml")
				if err := os.WriteFile(path, []byte("name: [unclosed\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			cfg, diags, err := LoadConfig(path)
			if err != nil {
				t.Fatal(err)
			}
			if !diags.HasErrors() {
				t.Fatalf("no error diagnostics for %s", path)
			}
			if diff := cmp.Diff(Config{}, cfg); diff != "" {
				t.Errorf("a broken profile gave endpoints (-want +got):\n%s", diff)
			}
			got := map[string]bool{}
			for _, d := range diags {
				got[d.Code] = true
			}
			for _, c := range tc.codes {
				if !got[c] {
					t.Errorf("no %s among %v", c, diags.Codes())
				}
			}
			if tc.file != "" {
				var b strings.Builder
				if err := diag.WriteText(&b, diags); err != nil {
					t.Fatal(err)
				}
				golden.Check(t, filepath.Join("testdata", strings.TrimSuffix(tc.file, ".yaml")+".diagnostics"), []byte(b.String()))
			}
		})
	}
}
