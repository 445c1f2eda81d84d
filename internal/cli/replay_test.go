package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/run"
)

// replayFixture runs version 1 of the replay test's pipeline over four
// readings (one valid, one above 100 that version 2 accepts, one above
// 1000, one malformed, one not UTF-8) and returns the flags that name
// version 2 of it with the same profile.
func replayFixture(t *testing.T) (v2 []string, dir string) {
	t.Helper()
	return replayFixtureOn(t, `name: local
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: out/checkpoints
assets:
  readings_in: {plugin: file-json, path: in}
  readings: {plugin: file-json, path: out/readings}
  rejected_readings: {plugin: file-json, path: out/rejected}
`)
}

// replayFixtureOn is replayFixture with the profile yaml, its "DIR"
// replaced by the fixture's directory.
func replayFixtureOn(t *testing.T, yaml string) (v2 []string, dir string) {
	t.Helper()
	dir = t.TempDir()
	in := filepath.Join(dir, "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	lines := `{"id":"a","value":5}` + "\n" + `{"id":"b","value":500}` + "\n" + `{"id":"c","value":5000}` + "\n" + `{"id":"d"` + "\n" + "{\"id\":\"e\xff\",\"value\":1}\n"
	if err := os.WriteFile(filepath.Join(in, "r1.jsonl"), []byte(lines), 0o644); err != nil {
		t.Fatal(err)
	}
	prof := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(prof, []byte(strings.ReplaceAll(yaml, "DIR", dir)), 0o644); err != nil {
		t.Fatal(err)
	}
	v1 := []string{"./internal/cli/testdata/replay/v1", "--profile", prof, "-C", "../.."}
	if code, stdout, stderr := runCLI(append([]string{"run", "--progress", "plain"}, v1...)...); code != ExitOK {
		t.Fatalf("run v1: exit %d\n%s%s", code, stdout, stderr)
	}
	return []string{"./internal/cli/testdata/replay/v2", "--profile", prof, "-C", "../.."}, dir
}

// replayJSON runs `etlgen replay --format json` with args.
func replayJSON(t *testing.T, args ...string) run.ReplayReport {
	t.Helper()
	code, stdout, stderr := runCLI(append([]string{"replay", "--quarantine", "rejected_readings", "--format", "json"}, args...)...)
	var r run.ReplayReport
	if err := json.Unmarshal([]byte(stdout), &r); code != ExitOK || err != nil {
		t.Fatalf("replay %v: exit %d, %v\n%s%s", args, code, err, stdout, stderr)
	}
	return r
}

// readingIDs returns the ids of the rows of sink readings, in order.
func readingIDs(t *testing.T, v2 []string) string {
	t.Helper()
	code, stdout, stderr := runCLI(append([]string{"show", "--sink", "readings", "--format", "json"}, v2...)...)
	var got run.SinkRows
	if err := json.Unmarshal([]byte(stdout), &got); code != ExitOK || err != nil {
		t.Fatalf("show: exit %d, %v\n%s%s", code, err, stdout, stderr)
	}
	var ids []string
	for _, r := range got.Rows {
		var row struct{ ID string }
		if err := json.Unmarshal(r, &row); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, row.ID)
	}
	return strings.Join(ids, ",")
}

// TestReplay: a quarantine judged again under a relaxed contract shows the
// one row that passes now, and only it; replay --yes feeds it through the
// valid branch once, however often it runs, and also when the replay's
// batch was written but not committed (a stop between the two).
func TestReplay(t *testing.T) {
	v2, dir := replayFixture(t)
	dry := replayJSON(t, v2...)
	want := []run.ReasonChange{{From: "INVALID_UTF8", To: "INVALID_UTF8", Rows: 1}, {From: "MALFORMED_JSON", To: "MALFORMED_JSON", Rows: 1},
		{From: "OUT_OF_RANGE", To: "", Rows: 1}, {From: "OUT_OF_RANGE", To: "OUT_OF_RANGE", Rows: 1}}
	if dry.Pass != 1 || dry.Fail != 3 || dry.Replayed != 0 || dry.Applied || dry.ContractVersion != "1.1.0" || dry.Rows[0].WasVersion != "1.0.0" || !slices.Equal(dry.Changes, want) {
		t.Errorf("replay (diff) = %+v; want 1 pass, 3 fail, changes %v", dry, want)
	}
	if got := readingIDs(t, v2); got != "a" {
		t.Fatalf("readings after the diff = %s; want a (the diff writes nothing)", got)
	}
	for i, wantIngested := range []int{1, 0} {
		r := replayJSON(t, append(v2, "--yes")...)
		if !r.Applied || r.Ingested != wantIngested || r.Replayed != 1-wantIngested {
			t.Errorf("replay --yes #%d: applied %v, ingested %d, replayed %d; want %d ingested", i+1, r.Applied, r.Ingested, r.Replayed, wantIngested)
		}
		if got := readingIDs(t, v2); got != "b,a" && got != "a,b" {
			t.Fatalf("readings after replay --yes #%d = %s; want a and b once", i+1, got)
		}
	}
	code, stdout, stderr := runCLI(append([]string{"show", "--sink", "rejected_readings"}, v2...)...)
	if code != ExitOK || !strings.Contains(stdout, "(replayed)") || strings.Count(stdout, "  true\n") != 1 || strings.Count(stdout, "  false\n") != 3 {
		t.Errorf("show of the quarantine: exit %d; want a (replayed) column, true for one row\n%s%s", code, stdout, stderr)
	}
	// A stop after the sink write, before the commit: the next replay
	// re-runs the batch with the same rows, written once.
	commit := filepath.Join(dir, "out/checkpoints/replay-demo/v1/local/_replay/rejected_readings/queries/readings/commits/0")
	if err := os.Remove(commit); err != nil {
		t.Fatal(err)
	}
	if r := replayJSON(t, append(v2, "--yes")...); r.Ingested != 1 {
		t.Errorf("replay --yes after a lost commit: ingested %d; want the batch re-run (1)", r.Ingested)
	}
	if got := readingIDs(t, v2); got != "b,a" && got != "a,b" {
		t.Errorf("readings after a re-run replay batch = %s; want a and b once", got)
	}
}

// TestReplayRefusals: replay names a quarantine, not any sink.
func TestReplayRefusals(t *testing.T) {
	v2, _ := replayFixture(t)
	for _, tc := range []struct {
		name, sink, want string
		code             int
	}{
		{"not a quarantine", "readings", "ETL-E752", ExitUsage},
		{"unknown sink", "nope", "no such sink", ExitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := runCLI(append([]string{"replay", "--quarantine", tc.sink}, v2...)...)
			if code != tc.code || !strings.Contains(stderr, tc.want) {
				t.Errorf("replay --quarantine %s: exit %d, want %d with %q\n%s%s", tc.sink, code, tc.code, tc.want, stdout, stderr)
			}
		})
	}
}

// TestReplayThenFresh: run --fresh deletes what a replay wrote with the
// pipeline's own state (the replayed row in the valid sink, the ledger and
// the replay's checkpoints), so the fresh run quarantines the row again
// and a replay feeds it again, once; nothing of the replay is left behind.
func TestReplayThenFresh(t *testing.T) {
	v2, dir := replayFixture(t)
	if r := replayJSON(t, append(v2, "--yes")...); r.Ingested != 1 {
		t.Fatalf("replay --yes: ingested %d; want 1", r.Ingested)
	}
	ledgerDir := filepath.Join(dir, "out/checkpoints/replay-demo/v1/local/_replay/rejected_readings")
	if _, err := os.Stat(ledgerDir); err != nil {
		t.Fatalf("the replay's directory: %v", err)
	}
	code, stdout, stderr := runCLI(append([]string{"run", "--progress", "plain", "--fresh", "--yes"}, v2...)...)
	if code != ExitOK {
		t.Fatalf("run --fresh: exit %d\n%s%s", code, stdout, stderr)
	}
	if _, err := os.Stat(ledgerDir); !os.IsNotExist(err) {
		t.Errorf("the replay's directory after run --fresh: %v; want it deleted", err)
	}
	if got := readingIDs(t, v2); got != "a,b" && got != "b,a" {
		t.Errorf("readings after run --fresh of v2 = %s; want a and b once (v2 accepts b, the replayed copy is gone)", got)
	}
	files, err := filepath.Glob(filepath.Join(dir, "out/readings/*.json*"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 {
		t.Errorf("part files in readings after run --fresh = %v; want the fresh run's one", files)
	}
}
