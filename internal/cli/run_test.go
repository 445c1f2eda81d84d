package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/run"
)

// localProfile writes a local-engine profile reading the example's sample
// events and writing under dir.
func localProfile(t *testing.T, dir string) string {
	t.Helper()
	events, err := filepath.Abs("../../examples/order-streaming/testdata/events")
	if err != nil {
		t.Fatal(err)
	}
	yaml := `name: local
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: out/checkpoints
assets:
  order_events: {plugin: file-json, path: "` + events + `", max_files_per_trigger: 1}
  customer_order_windows: {plugin: file-json, path: out/customer_order_windows}
  rejected_order_events: {plugin: file-json, path: out/rejected_order_events}
  late_order_events: {plugin: file-json, path: out/late_order_events}
`
	path := filepath.Join(dir, "local.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readLines reads the rows of the files a local file sink committed (its
// sink log), and checks that the directory holds no other part file.
func readLines(t *testing.T, dir string) []string {
	t.Helper()
	files, err := localengine.CommittedFiles(dir)
	if err != nil {
		t.Fatal(err)
	}
	if all, _ := filepath.Glob(filepath.Join(dir, "*.jsonl")); !slices.Equal(all, files) {
		t.Errorf("%s holds %v, the sink log lists %v", dir, all, files)
	}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, strings.Split(strings.TrimSpace(string(data)), "\n")...)
	}
	return out
}

// TestRunLocal runs the example on the local engine twice: the first run
// processes the four files (one batch each), each batch line with the
// watermark its late rows were judged against (the previous batch's) and
// its own, the fourth file's event late; the second recovers from the
// checkpoint and does nothing.
func TestRunLocal(t *testing.T) {
	dir := t.TempDir()
	prof := localProfile(t, dir)
	code, stdout, stderr := runCLI("run", "./examples/order-streaming", "--profile", prof, "-C", "../..")
	if code != ExitOK {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"start customer_order_windows: fresh (new checkpoint: the sources' starting positions)\n",
		"batch 2 customer_order_windows   input=5",
		" late-vs=2026-07-15T10:49:00Z watermark=2026-07-15T12:03:00Z state=3 dropped=0 invalid=0 late=0 output=6",
		"watermark customer_order_windows: - -> 2026-07-15T10:49:00Z (batch 1)\n",
		"batch 3 late_order_events        input=1",
		" late-vs=2026-07-15T12:03:00Z watermark=2026-07-15T12:37:30Z state=0 dropped=0 invalid=0 late=1 output=1\n",
		"end customer_order_windows: finished, last committed batch 3\n",
		": fresh, 12 batches",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	windows := readLines(t, filepath.Join(dir, "out/customer_order_windows"))
	if len(windows) != 6 {
		t.Errorf("windows written = %d, want 6:\n%s", len(windows), strings.Join(windows, "\n"))
	}
	// Back-to-back batches: batch 2 judges late rows against batch 1's
	// watermark (10:49), so evt-0018 (10:30, window end 11:00) still counts.
	want := `{"customer_id":42,"window_start":"2026-07-15T10:00:00Z","window_end":"2026-07-15T11:00:00Z","paid_order_count":3,"paid_order_total":73.20,"latest_event_time":"2026-07-15T10:31:12Z"}`
	if !strings.Contains(strings.Join(windows, "\n"), want) {
		t.Errorf("windows lack %s:\n%s", want, strings.Join(windows, "\n"))
	}
	if rejected := readLines(t, filepath.Join(dir, "out/rejected_order_events")); len(rejected) != 2 {
		t.Errorf("rejected = %d, want 2", len(rejected))
	}
	// Batch 3 judges evt-0021 (11:40, window end 12:00) against batch 2's
	// watermark (12:03): late.
	if late := readLines(t, filepath.Join(dir, "out/late_order_events")); len(late) != 1 || !strings.Contains(late[0], `"evt-0021"`) ||
		!strings.Contains(late[0], `"watermark_at_arrival":"2026-07-15T12:03:00Z"`) {
		t.Errorf("late = %q, want evt-0021 at watermark 12:03", late)
	}

	code, stdout, _ = runCLI("run", "./examples/order-streaming", "--profile", prof, "-C", "../..")
	if code != ExitOK || !strings.Contains(stdout, ": checkpoint-recovery, 0 batches") ||
		!strings.Contains(stdout, `start customer_order_windows: checkpoint-recovery after batch 3, watermark 2026-07-15T12:`) {
		t.Errorf("second run: exit %d\n%s", code, stdout)
	}
	var rep run.Report
	data, err := os.ReadFile(filepath.Join(dir, "out/run-report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Start != "checkpoint-recovery" || rep.Batches != 0 || rep.Sinks["customer_order_windows"] != 0 {
		t.Errorf("second run report = %+v", rep)
	}
	if got := readLines(t, filepath.Join(dir, "out/customer_order_windows")); len(got) != 6 {
		t.Errorf("second run changed the windows: %d rows", len(got))
	}
}

// TestRunPySparkNotAvailable: without a usable python the pyspark engine
// cannot run its program: exit 16 (run_pyspark.go; the live runs are in
// package pyspark and sparkrun, behind ETLGEN_STACK=1).
func TestRunPySparkNotAvailable(t *testing.T) {
	t.Setenv("ETLGEN_PYTHON", filepath.Join(t.TempDir(), "no-python"))
	code, _, stderr := runCLI("run", "./examples/order-streaming", "--profile", "examples/order-streaming/profiles/spark.yaml", "-C", "../..")
	if code != ExitEnvironment || !strings.Contains(stderr, "no-python") {
		t.Errorf("exit %d, stderr %q; want %d and the missing interpreter", code, stderr, ExitEnvironment)
	}
}
