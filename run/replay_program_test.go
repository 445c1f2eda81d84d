package run

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/internal/golden"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestReplayProgram: the replay program of the replay test's quarantine on
// a Spark profile (testdata/replay_program: the IR of
// internal/cli/testdata/replay/v2 and a Spark profile) reads the ledger
// Delta table beside the pipeline's checkpoints as its source, appends the
// entries to it once before its query starts, and gives its query a
// checkpoint and txnAppId of its own under _replay/<quarantine>
// (-update rewrites want/).
func TestReplayProgram(t *testing.T) {
	dir := filepath.Join("testdata", "replay_program")
	m := planCase(t, dir)
	pp, src, led := replayCase(t, m)
	rm, files, err := replayProgram(m, pp, src, led, "rejected_readings")
	if err != nil {
		t.Fatal(err)
	}
	rq := rm.Pipelines[0].Queries
	if len(rq) != 1 || rq[0].Checkpoint != "s3a://warehouse/checkpoints/replay-demo/v1/spark/_replay/rejected_readings/queries/readings" ||
		rq[0].Identity != "replay-demo/v1/spark/_replay/rejected_readings/queries/readings" {
		t.Errorf("replay queries = %+v; want readings, under _replay/rejected_readings", rq)
	}
	if files[0].Path != "replay_demo_replay_rejected_readings.py" {
		t.Errorf("program %s", files[0].Path)
	}
	golden.Check(t, filepath.Join(dir, "want", files[0].Path), files[0].Data)
	out := t.TempDir()
	if err := pyspark.Write(out, files); err != nil {
		t.Fatal(err)
	}
	if py, err := sparkrun.FindPython(); err == nil {
		if b, err := exec.Command(py, "-m", "py_compile", filepath.Join(out, files[0].Path)).CombinedOutput(); err != nil {
			t.Errorf("py_compile: %v\n%s", err, b)
		}
	}
	for _, want := range []string{"REPLAY_LEDGER = \"s3a://warehouse/checkpoints/replay-demo/v1/spark/_replay/rejected_readings/ledger\"",
		"rt.append_ledger(spark, REPLAY_LEDGER, REPLAY_LEDGER_APP_ID)", "readStream.format(\"delta\")"} {
		if !strings.Contains(string(files[0].Data), want) {
			t.Errorf("the program lacks %s", want)
		}
	}
}

// TestReplayProgramRefused: a valid branch whose fail gate measures the
// invalid ratio by reading the source's batches again (ETL-S467's way on
// Spark) cannot run from a replay ledger: ETL-E805, before anything is
// appended.
func TestReplayProgramRefused(t *testing.T) {
	dir := filepath.Join("testdata", "replay_program")
	m := planCaseWith(t, dir, func(doc *ir.Document) {
		doc.Pipelines[0].Gates = append(doc.Pipelines[0].Gates, ir.Gate{Name: "few-invalid", Metric: ir.GateInvalidRatio,
			Source: "readings_in", Threshold: 0.5, Scope: ir.GateScopeBatch, Action: ir.GateFail})
	})
	pp, src, led := replayCase(t, m)
	_, _, err := replayProgram(m, pp, src, led, "rejected_readings")
	var re *ReplayError
	if !errors.As(err, &re) || re.Code != CodeReplayProgram {
		t.Fatalf("replayProgram = %v; want %s", err, CodeReplayProgram)
	}
}

// replayCase is the test case's pipeline, the source of its quarantine
// rejected_readings and that quarantine's ledger.
func replayCase(t *testing.T, m *planner.Model) (*planner.PipelinePlan, *planner.Source, *ledger) {
	t.Helper()
	pp := &m.Pipelines[0]
	_, q, err := findSink(m, "rejected_readings")
	if err != nil {
		t.Fatal(err)
	}
	src, err := quarantineSource(pp, q, "rejected_readings")
	if err != nil {
		t.Fatal(err)
	}
	led, err := openLedger(pp, "rejected_readings")
	if err != nil {
		t.Fatal(err)
	}
	return pp, src, led
}

// planCase plans the IR and profile of a test case directory.
func planCase(t *testing.T, dir string) *planner.Model {
	t.Helper()
	return planCaseWith(t, dir, func(*ir.Document) {})
}

// planCaseWith plans the IR of a test case directory after edit changed
// it, with the case's profile.
func planCaseWith(t *testing.T, dir string, edit func(*ir.Document)) *planner.Model {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, "ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	edit(doc)
	prof, diags, err := profile.Load(filepath.Join(dir, "profile.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatalf("load profile: %v %v", err, diags)
	}
	m, diags := planner.Plan(doc, prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	return m
}

// TestFreshOnSparkNamesReplays: run --fresh on Spark names, among what to
// delete, the directory of each quarantine's replay (its ledger table and
// its queries' checkpoints).
func TestFreshOnSparkNamesReplays(t *testing.T) {
	m := planCase(t, filepath.Join("testdata", "replay_program"))
	text := freshOnSpark(m).Error()
	want := "replay directory s3a://warehouse/checkpoints/replay-demo/v1/spark/_replay/rejected_readings (the replay's ledger table and checkpoints)"
	if !strings.Contains(text, want) {
		t.Errorf("run --fresh on Spark says:\n%s\nwant a line %q", text, want)
	}
}
