package e2e_test

import (
	"context"
	"os"
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
// deleted: the state a kill between the two leaves), which the snapshot
// summary's batch ids must skip, every row still exactly once.
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
	replayed := forceReplay(t, e.checkpointRoot)
	t.Logf("replaying %v", replayed)
	e.runToEnd(ctx, prog)
	for _, commit := range replayed {
		if _, err := os.Stat(commit); err != nil {
			t.Errorf("the replay run did not commit the replayed batch again: %v", err)
		}
	}
	e.checkOutputs(ctx)
}
