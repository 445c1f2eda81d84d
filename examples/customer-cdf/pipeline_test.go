package customercdf_test

import (
	"slices"
	"testing"

	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/testkit"
)

// TestRunsFollowTheSource: inserts, updates and deletes in the source over
// several available-now runs; after each run the target equals the
// source's latest state, and each run starts where the last one ended.
func TestRunsFollowTheSource(t *testing.T) {
	rt := testkit.Start(t, customercdf.Pipeline, localProfile(t, t.TempDir()))
	src := source{}

	src.insert(rt, customer(1, "Ada", "Ada@Example.com", "gb", "gold", 0),
		customer(2, "Grace", "grace@example.com", "US", "standard", 1),
		customer(3, "Alan", "ALAN@example.com", "gb", "standard", 2))
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)

	n := len(rt.Progress)
	src.update(rt, customer(2, "Grace Hopper", "Grace@Navy.mil", "us", "platinum", 10))
	src.delete(rt, 3)
	src.insert(rt, customer(4, "Edsger", "edsger@example.nl", "nl", "gold", 12))
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)
	start, end := cdfOffsets(rt, n)
	if want := []int64{2}; !slices.Equal(start, want) || !slices.Equal(end, []int64{5}) {
		t.Errorf("run 2 offsets: start %v end %v, want start [2] end [5] (versions 2..4)", start, end)
	}

	// One key changed twice, a deleted key inserted again, a delete of a
	// row updated in the same run: only each key's latest change counts.
	src.update(rt, customer(1, "Ada L.", "ada@lovelace.org", "GB", "gold", 20))
	src.update(rt, customer(1, "Ada Lovelace", "Ada@Lovelace.org", "gb", "platinum", 21))
	src.insert(rt, customer(3, "Alan Turing", "alan@turing.org", "gb", "gold", 22))
	src.update(rt, customer(4, "Edsger D.", "edsger@example.nl", "NL", "gold", 23))
	src.delete(rt, 4)
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)
	if got := len(testkit.DeltaRows[customercdf.Customer](rt, targetTable)); got != 3 {
		t.Errorf("target has %d rows, want 3", got)
	}
}

// TestRestartResumesAfterLastCommittedVersion: a restarted pipeline reads
// only the versions committed after its checkpoint's last end offset, even
// though the profile says starting_version: 0.
func TestRestartResumesAfterLastCommittedVersion(t *testing.T) {
	rt := testkit.Start(t, customercdf.Pipeline, localProfile(t, t.TempDir()))
	src := source{}
	src.insert(rt, customer(1, "Ada", "ada@example.com", "GB", "gold", 0), customer(2, "Grace", "grace@example.com", "US", "gold", 1))
	rt.ProcessAllAvailable()
	_, end := cdfOffsets(rt, 0)
	resume := end[len(end)-1]

	rt.Stop()
	last := src.update(rt, customer(2, "Grace Hopper", "grace@navy.mil", "US", "platinum", 5))
	src.delete(rt, 1)
	rt.Restart()
	if !rt.Recovered() {
		t.Fatal("the restarted pipeline did not recover from its checkpoint")
	}
	n := len(rt.Progress)
	rt.ProcessAllAvailable()
	start, end := cdfOffsets(rt, n)
	if len(start) != 1 || start[0] != resume || end[0] != last+2 {
		t.Errorf("after restart: start %v end %v, want one batch from %d to %d", start, end, resume, last+2)
	}
	if got := rt.Progress[n].InputRows; got != 3 { // pre-image, post-image, delete
		t.Errorf("batch after restart read %d change rows, want 3", got)
	}
	assertTarget(t, rt, targetTable, src)
}

// TestReplayWithNewCheckpointRebuildsTarget: a new checkpoint from version
// 0 rebuilds the same target, into an empty table and over the existing one.
func TestReplayWithNewCheckpointRebuildsTarget(t *testing.T) {
	rt := testkit.Start(t, customercdf.Pipeline, localProfile(t, t.TempDir(), "table: raw.customers\n    starting_version: 0", "table: raw.customers\n    starting_version: 0\n    max_files_per_trigger: 1"))
	src := source{}
	src.insert(rt, customer(1, "Ada", "ada@example.com", "GB", "gold", 0), customer(2, "Grace", "grace@example.com", "US", "gold", 1))
	rt.ProcessAllAvailable()
	src.update(rt, customer(1, "Ada Lovelace", "ADA@example.com", "gb", "platinum", 3))
	src.delete(rt, 2)
	src.insert(rt, customer(2, "Grace Hopper", "grace@navy.mil", "us", "gold", 4))
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)
	versionsBefore := rt.DeltaTable(targetTable).Latest()

	fresh := testkit.Start(t, customercdf.Pipeline, testkit.WithDelta(rt.Catalog()),
		localProfile(t, t.TempDir(), "table: curated.customers", "table: curated.customers_rebuilt"))
	fresh.ProcessAllAvailable()
	assertTarget(t, fresh, "curated.customers_rebuilt", src)
	if start, _ := cdfOffsets(fresh, 0); len(start) == 0 || start[0] != 0 {
		t.Errorf("replay started at %v, want version 0", start)
	}

	over := testkit.Start(t, customercdf.Pipeline, testkit.WithDelta(rt.Catalog()), localProfile(t, t.TempDir()))
	over.ProcessAllAvailable()
	assertTarget(t, over, targetTable, src)
	if len(over.Progress) == 0 {
		t.Fatal("the replay ran no batch")
	}
	_ = versionsBefore
}

// TestReplayedBatchChangesNothing: a committed batch re-run with the same
// id is skipped by the MERGE (txnAppId / txnVersion), and a crash before the
// commit re-runs the batch with the same offsets to the same target.
func TestReplayedBatchChangesNothing(t *testing.T) {
	rt := testkit.Start(t, customercdf.Pipeline, localProfile(t, t.TempDir()))
	src := source{}
	src.insert(rt, customer(1, "Ada", "ada@example.com", "GB", "gold", 0))
	rt.ProcessAllAvailable()
	versions := rt.DeltaTable(targetTable).Latest()
	rt.ReplayBatch(0)
	if got := rt.DeltaTable(targetTable).Latest(); got != versions {
		t.Errorf("replaying batch 0 committed target version %d", got)
	}

	src.update(rt, customer(1, "Ada Lovelace", "ada@example.com", "GB", "platinum", 2))
	rt.CrashBeforeCommit()
	rt.Restart()
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)
	if got := rt.DeltaTable(targetTable).Latest(); got != versions+1 {
		t.Errorf("target at version %d after the re-run batch, want %d (one MERGE)", got, versions+1)
	}
}

// TestNewStreamWithoutStartingVersion: with neither starting_version nor
// starting_timestamp a new stream reads the latest snapshot as inserts, then
// every later change.
func TestNewStreamWithoutStartingVersion(t *testing.T) {
	rt := testkit.Start(t, customercdf.Pipeline, localProfile(t, t.TempDir(), "    starting_version: 0\n", ""))
	src := source{}
	src.insert(rt, customer(1, "Ada", "ada@example.com", "GB", "gold", 0))
	src.update(rt, customer(1, "Ada L.", "ada@example.com", "GB", "gold", 1))
	src.insert(rt, customer(2, "Grace", "grace@example.com", "US", "gold", 2))
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)
	if got := rt.Progress[0].InputRows; got != 2 {
		t.Errorf("first batch read %d rows, want the 2 rows of the latest snapshot", got)
	}
	src.delete(rt, 2)
	rt.ProcessAllAvailable()
	assertTarget(t, rt, targetTable, src)
}
