package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/run"
)

// TestShowStaticQuarantine: a local run of the static-dimension pipeline
// with a quarantine named writes the dimension's invalid row there once,
// the plan says who writes it, and `etlgen show` reads it by its asset.
func TestShowStaticQuarantine(t *testing.T) {
	dir := t.TempDir()
	events, err := filepath.Abs("../../examples/order-streaming/testdata/events")
	if err != nil {
		t.Fatal(err)
	}
	dim := filepath.Join(dir, "customers")
	if err := os.MkdirAll(dim, 0o755); err != nil {
		t.Fatal(err)
	}
	rows := `{"customer_id":1001,"segment":"gold"}` + "\n" + `{"customer_id":1002,"segment":"platinum"}` + "\n"
	if err := os.WriteFile(filepath.Join(dim, "customers.jsonl"), []byte(rows), 0o644); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "local.yaml")
	yaml := `name: local
engine: local
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: out/checkpoints
assets:
  order_events: {plugin: file-json, path: "` + events + `", max_files_per_trigger: 1}
  customers: {plugin: file-json, path: customers, quarantine: rejected_customers}
  rejected_customers: {plugin: file-json, path: out/rejected_customers}
  order_segments: {plugin: file-json, path: out/order_segments}
`
	if err := os.WriteFile(prof, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	pkg := []string{"./testkit/conformance/dimension", "--profile", prof, "-C", "../.."}
	code, stdout, stderr := runCLI(append([]string{"plan"}, pkg...)...)
	if code != ExitOK || !strings.Contains(stdout, "quarantine: rejected_customers file-json "+filepath.Join(dir, "out/rejected_customers")+", written by query order_segments") {
		t.Fatalf("plan: exit %d\n%s%s", code, stdout, stderr)
	}
	for range 2 { // the second run finds no new input: nothing is written twice
		if code, stdout, stderr = runCLI(append([]string{"run"}, pkg...)...); code != ExitOK {
			t.Fatalf("run: exit %d\n%s%s", code, stdout, stderr)
		}
	}
	code, stdout, stderr = runCLI(append([]string{"show", "--sink", "rejected_customers", "--format", "json"}, pkg...)...)
	var got run.SinkRows
	if err := json.Unmarshal([]byte(stdout), &got); code != ExitOK || err != nil {
		t.Fatalf("show: exit %d, %v\n%s%s", code, err, stdout, stderr)
	}
	var row map[string]any
	if got.Total != 1 || len(got.Rows) != 1 || json.Unmarshal(got.Rows[0], &row) != nil ||
		row["raw_payload"] != `{"customer_id":1002,"segment":"platinum"}` || row["reason_code"] != "BAD_ENUM" || got.Columns[0] != "raw_payload" {
		t.Errorf("show rejected_customers = %+v; want the platinum row once", got)
	}
}
