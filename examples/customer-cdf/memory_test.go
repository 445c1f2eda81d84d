package customercdf_test

import (
	"testing"
	"time"

	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/testkit"
)

func change(c customercdf.Customer, typ string, version int64) customercdf.CustomerChange {
	return customercdf.CustomerChange{CustomerID: c.CustomerID, Name: c.Name, Email: c.Email, Country: c.Country, Tier: c.Tier,
		UpdatedAt: c.UpdatedAt, ChangeType: typ, CommitVersion: version, CommitTimestamp: t0.Add(time.Duration(version) * time.Second)}
}

// TestMemoryChangeRows: with testkit's default profile every asset is a
// memory stream or table: change rows added by the test (CDF columns
// included) are applied to the memory target, pre-images are filtered out
// and each key's latest change wins.
func TestMemoryChangeRows(t *testing.T) {
	rt := testkit.Start(t, customercdf.Pipeline)
	ada := customer(1, "Ada", "ADA@example.com", "gb", "gold", 0)
	grace := customer(2, "Grace", "grace@example.com", "US", "gold", 1)
	adaL := customer(1, "Ada Lovelace", "ada@lovelace.org", "GB", "platinum", 2)
	testkit.AddEvents(rt, "customer_changes", change(ada, "insert", 1), change(grace, "insert", 1))
	rt.ProcessAllAvailable()
	testkit.AddEvents(rt, "customer_changes", change(adaL, "update_postimage", 2), change(ada, "update_preimage", 2),
		change(grace, "delete", 3))
	rt.ProcessAllAvailable()
	want := source{1: adaL}
	testkit.RowsEqual(t, testkit.Table[customercdf.Customer](rt, "customers").Rows(), want.want())
}

// memoryChangesScenario feeds change rows (CDF columns included) straight
// into the memory stream, in three arrivals: out-of-order pre/post images,
// a key changed twice in one batch, a delete, a re-insert. Raw change rows
// cannot be given to Spark; the two-engine conformance case of the CDF
// MERGE, with source-table operations, is in testkit/conformance.
var memoryChangesScenario = testkit.Scenario{
	Name:     "customer-cdf memory change rows",
	Pipeline: customercdf.Pipeline,
	Arrivals: []testkit.Arrival{
		{Payloads: map[string][]string{"customer_changes": {
			`{"customer_id":1,"name":"Ada","email":"ADA@example.com","country":"gb","tier":"gold","updated_at":"2026-07-15T09:00:00Z","_change_type":"insert","_commit_version":1,"_commit_timestamp":"2026-07-15T09:00:01Z"}`,
			`{"customer_id":2,"name":"Grace","email":"grace@example.com","country":"us","tier":"standard","updated_at":"2026-07-15T09:01:00Z","_change_type":"insert","_commit_version":1,"_commit_timestamp":"2026-07-15T09:00:01Z"}`,
		}}},
		{Payloads: map[string][]string{"customer_changes": {
			`{"customer_id":1,"name":"Ada L.","email":"ada@l.org","country":"GB","tier":"gold","updated_at":"2026-07-15T09:02:00Z","_change_type":"update_postimage","_commit_version":2,"_commit_timestamp":"2026-07-15T09:02:01Z"}`,
			`{"customer_id":1,"name":"Ada","email":"ADA@example.com","country":"gb","tier":"gold","updated_at":"2026-07-15T09:00:00Z","_change_type":"update_preimage","_commit_version":2,"_commit_timestamp":"2026-07-15T09:02:01Z"}`,
			`{"customer_id":1,"name":"Ada Lovelace","email":"Ada@Lovelace.org","country":"gb","tier":"platinum","updated_at":"2026-07-15T09:03:00Z","_change_type":"update_postimage","_commit_version":3,"_commit_timestamp":"2026-07-15T09:03:01Z"}`,
			`{"customer_id":2,"name":"Grace","email":"grace@example.com","country":"us","tier":"standard","updated_at":"2026-07-15T09:01:00Z","_change_type":"delete","_commit_version":3,"_commit_timestamp":"2026-07-15T09:03:01Z"}`,
		}}},
		{Payloads: map[string][]string{"customer_changes": {
			`{"customer_id":2,"name":"Grace Hopper","email":"grace@navy.mil","country":"us","tier":"gold","updated_at":"2026-07-15T09:04:00Z","_change_type":"insert","_commit_version":4,"_commit_timestamp":"2026-07-15T09:04:01Z"}`,
		}}},
	},
	Want: map[string][]string{"customers": {
		`{"customer_id":1,"name":"Ada Lovelace","email":"ada@lovelace.org","country":"GB","tier":"platinum","updated_at":"2026-07-15T09:03:00Z"}`,
		`{"customer_id":2,"name":"Grace Hopper","email":"grace@navy.mil","country":"US","tier":"gold","updated_at":"2026-07-15T09:04:00Z"}`,
	}},
}

// TestMemoryChangesScenario runs memoryChangesScenario on the local engine.
func TestMemoryChangesScenario(t *testing.T) { testkit.RunScenario(t, memoryChangesScenario, nil) }
