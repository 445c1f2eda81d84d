package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/run"
)

// TestRunCDFOffsets runs the customer-cdf example twice on the local
// engine: each run prints its batches' start and end offsets (reservoir
// versions) and the resume position; the second run finds the checkpoint
// and warns that starting_version is ignored; the report records both.
func TestRunCDFOffsets(t *testing.T) {
	dir := t.TempDir()
	prof := filepath.Join(dir, "local.yaml")
	yaml := "name: local\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n  checkpoint_root: out/checkpoints\n" +
		"assets:\n  customer_changes: {plugin: delta-cdf, table: raw.customers, starting_version: 0}\n" +
		"  customers: {plugin: delta, table: curated.customers, write_mode: foreach-batch-merge}\n"
	if err := os.WriteFile(prof, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("run", "./examples/customer-cdf", "--profile", prof, "-C", "../..")
	if code != ExitOK {
		t.Fatalf("first run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{`customer_changes startOffset=- endOffset={"reservoirVersion":1}`,
		`resume position customers customer_changes: {"reservoirVersion":1} (the checkpoint's last committed end offset`} {
		if !strings.Contains(stdout, want) {
			t.Errorf("first run stdout lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stderr, "is ignored") {
		t.Errorf("first run warned about an existing checkpoint:\n%s", stderr)
	}
	code, stdout, stderr = runCLI("run", "./examples/customer-cdf", "--profile", prof, "-C", "../..")
	if code != ExitOK {
		t.Fatalf("second run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stderr, "exists: starting_version=0 of customer_changes is ignored") {
		t.Errorf("second run did not warn that starting_version is ignored:\n%s", stderr)
	}
	data, err := os.ReadFile(filepath.Join(dir, "out/checkpoints/run-report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep run.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	var resume struct{ ReservoirVersion int64 }
	if len(rep.Queries) == 1 && len(rep.Queries[0].Sources) == 1 {
		_ = json.Unmarshal(rep.Queries[0].Sources[0].Resume, &resume)
	}
	if resume.ReservoirVersion != 1 {
		t.Errorf("report queries = %+v, want the resume position reservoirVersion 1", rep.Queries)
	}
}
