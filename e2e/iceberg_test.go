package e2e_test

import (
	"context"
	"os"
	"slices"
	"testing"
	"time"
)

// TestPipelineIceberg runs the order-streaming example with its three
// tables in Iceberg (examples/order-streaming/profiles/spark-iceberg.yaml:
// the windows MERGEd, the quarantines appended) as TestPipelineAvailableNow
// runs it on Delta, and compares every table after every run with the rows
// the test computes in Go — the rows the Delta run must hold too: a first
// run, a restart with new events, late events, and a batch replayed after
// its writes committed but before its checkpoint commit (commits/N
// deleted: the state a kill between the two leaves, as the Delta replay
// tests make it), which the snapshot summary's batch ids must skip (no new
// snapshot), every row still exactly once.
//
// It takes a few minutes: it runs only when ETLGEN_LIVE_ICEBERG=1 (a
// developer's run, not the CI suite).
func TestPipelineIceberg(t *testing.T) {
	if os.Getenv("ETLGEN_LIVE_ICEBERG") != "1" {
		t.Skip("set ETLGEN_LIVE_ICEBERG=1 to run the Iceberg pipeline on the stack (a few minutes)")
	}
	e := newPipelineEnv(t, envOptions{Iceberg: true})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	prog := e.compile(ctx, "{type: available-now}")

	e.wave(ctx, prog, e.events(40, at("10:00"), 3*time.Minute), false, invalidCases(t, 12))
	e.wave(ctx, prog, e.events(20, at("12:00"), 3*time.Minute), false, invalidCases(t, 3))
	e.produce(ctx, lateEvents(e, []string{"10:05", "10:20", "10:40"}), true, nil)
	e.wave(ctx, prog, e.events(10, at("13:00"), 3*time.Minute), false, nil)
	if t.Failed() {
		t.FailNow()
	}
	snapshots := e.snapshotCounts(ctx)
	if len(snapshots) != 3 || slices.Contains(snapshots, "0") {
		t.Fatalf("snapshots of curated, rejected, late: %v, want three tables with snapshots", snapshots)
	}
	t.Logf("snapshots before the replay: %v", snapshots)
	replayed := forceReplay(t, e.checkpointRoot)
	t.Logf("replaying %v", replayed)
	e.runToEnd(ctx, prog)
	// The replayed batch's writes are skipped, not redone: a MERGE of the
	// same rows again would leave the same rows, but a new snapshot.
	if got := e.snapshotCounts(ctx); !slices.Equal(got, snapshots) {
		t.Errorf("snapshots of curated, rejected, late: %v after the replay, %v before; want no new snapshot", got, snapshots)
	}
	for _, commit := range replayed {
		if _, err := os.Stat(commit); err != nil {
			t.Errorf("the replay run did not commit the replayed batch again: %v", err)
		}
	}
	e.checkOutputs(ctx)
}

// snapshotCounts are the numbers of snapshots of the curated, rejected
// and late tables.
func (e *pipelineEnv) snapshotCounts(ctx context.Context) []string {
	var out []string
	for _, table := range []string{e.curated, e.rejected, e.late} {
		out = append(out, e.values(ctx, "SELECT CAST(count(*) AS STRING) FROM "+table+".snapshots")...)
	}
	return out
}
