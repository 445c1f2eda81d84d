package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/run"
)

// sparkReplayProfile is the replay test's profile on the stack's Spark:
// files in, Delta tables (by path) out, checkpoints beside them.
const sparkReplayProfile = `name: spark
engine: pyspark
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: DIR/out/checkpoints
assets:
  readings_in: {plugin: file-json, path: DIR/in}
  readings: {plugin: delta, path: DIR/out/readings, write_mode: append}
  rejected_readings: {plugin: delta, path: DIR/out/rejected, write_mode: append}
resources:
  spark: {connect_url: "sc://127.0.0.1:15002", session_timezone: UTC}
`

// TestReplayOnSpark runs the replay test on the stack's Spark:
// the replay program appends the row that passes now to the ledger Delta
// table and feeds it through the valid branch once —
//
//  1. a replay whose sink cannot be written (its path a file) fails after
//     the ledger append (ETL-E804): the ledger marks the row, the sink
//     lacks it;
//  2. the next replay appends nothing and feeds the row from the ledger;
//     a third feeds nothing;
//  3. the replay query's last commit deleted (a stop after the sink write,
//     before the commit): the next replay re-runs the batch, and Delta's
//     txnAppId/txnVersion keep the row once.
//
// It starts five Spark programs (a run and four replays: 3 to 5 minutes
// on a loaded 2-core machine), above a CI live test's budget: it runs only
// with ETLGEN_LIVE_REPLAY=1 besides, a developer's test:
//
//	ETLGEN_STACK=1 ETLGEN_LIVE_REPLAY=1 go test ./internal/cli -run TestReplayOnSpark -v
func TestReplayOnSpark(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" || os.Getenv("ETLGEN_LIVE_REPLAY") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (scripts/stack.sh up) and ETLGEN_LIVE_REPLAY=1 (minutes)")
	}
	t.Setenv(run.StateDirEnv, t.TempDir())
	v2, dir := replayFixtureOn(t, sparkReplayProfile)
	if got := readingIDs(t, v2); got != "a" {
		t.Fatalf("readings after run v1 = %s; want a", got)
	}
	readings := filepath.Join(dir, "out", "readings")
	if err := os.Rename(readings, readings+".away"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(readings, []byte("not a table"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI(append([]string{"replay", "--quarantine", "rejected_readings", "--yes"}, v2...)...)
	if code != ExitFailure || !strings.Contains(stderr, run.CodeReplaySparkFailed) {
		t.Fatalf("replay --yes into an unwritable sink: exit %d; want %d with %s\n%s%s", code, ExitFailure, run.CodeReplaySparkFailed, stdout, stderr)
	}
	code, stdout, stderr = runCLI(append([]string{"show", "--sink", "rejected_readings"}, v2...)...)
	if code != ExitOK || strings.Count(stdout, "  true\n") != 1 {
		t.Errorf("show of the quarantine after the failed replay: exit %d; want one row marked replayed by the ledger\n%s%s", code, stdout, stderr)
	}
	if err := os.Remove(readings); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(readings+".away", readings); err != nil {
		t.Fatal(err)
	}
	for i, wantIngested := range []int{1, 0} {
		r := replayJSON(t, append(v2, "--yes")...)
		if !r.Applied || r.Ingested != wantIngested || r.Replayed != 1 || r.Pass != 1 {
			t.Errorf("replay --yes #%d: %+v; want applied, %d ingested, the row replayed", i+1, r, wantIngested)
		}
		if got := readingIDs(t, v2); got != "b,a" && got != "a,b" {
			t.Fatalf("readings after replay --yes #%d = %s; want a and b once", i+1, got)
		}
	}
	commits, err := filepath.Glob(filepath.Join(dir, "out/checkpoints/replay-demo/v1/spark/_replay/rejected_readings/queries/readings/commits/[0-9]*"))
	if err != nil || len(commits) == 0 {
		t.Fatalf("the replay query's commits: %v, %v", commits, err)
	}
	last := commits[len(commits)-1] // with its checksum file, else Spark takes the batch for another query's
	for _, f := range []string{last, filepath.Join(filepath.Dir(last), "."+filepath.Base(last)+".crc")} {
		if err := os.Remove(f); err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	replayJSON(t, append(v2, "--yes")...)
	if got := readingIDs(t, v2); got != "b,a" && got != "a,b" {
		t.Errorf("readings after a re-run replay batch = %s; want a and b once", got)
	}
}
