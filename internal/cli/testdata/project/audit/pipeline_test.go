package audit

import (
	"os"
	"testing"
)

// TestFixture fails when ETLGEN_FIXTURE_FAIL is 1, so that the CLI tests
// can see etlgen check report a failing test.
func TestFixture(t *testing.T) {
	if Pipeline == nil {
		t.Fatal("no pipeline")
	}
	if os.Getenv("ETLGEN_FIXTURE_FAIL") == "1" {
		t.Fatal("failing on purpose (ETLGEN_FIXTURE_FAIL=1)")
	}
}
