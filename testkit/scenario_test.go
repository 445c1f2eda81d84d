package testkit_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/testkit"
	"github.com/etlgen/etlgen/testkit/conformance/suite"
)

// The conformance table itself lives in testkit/conformance, bound to its
// pipelines by testkit/conformance/suite (its tests run it on LocalRunner;
// e2e/conformance_test.go on Spark). These tests cover the scenario
// machinery.

func TestDropColumns(t *testing.T) {
	tests := []struct {
		name string
		rows []string
		drop []string
		want []string
	}{
		{"nothing to drop", []string{`{"a":1,"b":"x"}`}, nil, []string{`{"a":1,"b":"x"}`}},
		{"order and values kept", []string{`{"a":1.50,"b":{"c":null},"d":"2026-07-15T10:00:00Z"}`}, []string{"b"},
			[]string{`{"a":1.50,"d":"2026-07-15T10:00:00Z"}`}},
		{"only top-level members", []string{`{"a":{"b":1},"b":2}`}, []string{"b"}, []string{`{"a":{"b":1}}`}},
		{"every member", []string{`{"a":1}`, `{"a":2}`}, []string{"a"}, []string{`{}`, `{}`}},
		{"unknown names ignored", []string{`{"a":"x\"y"}`}, []string{"z"}, []string{`{"a":"x\"y"}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := testkit.DropColumns(t, tc.rows, tc.drop)
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("DropColumns = %v, want %v", got, tc.want)
			}
		})
	}
}

// scenario returns the conformance scenario whose name starts with prefix.
func scenario(t *testing.T, prefix string) testkit.Scenario {
	t.Helper()
	for _, s := range suite.Scenarios() {
		if strings.HasPrefix(s.Name, prefix) {
			return s
		}
	}
	t.Fatalf("no conformance scenario %q", prefix)
	return testkit.Scenario{}
}

// TestQuarantineReasonCodes: LocalRunner returns every sink, the quarantine
// table with its reason codes.
func TestQuarantineReasonCodes(t *testing.T) {
	got := testkit.LocalRunner{}.Run(t, scenario(t, "order windows"))
	rows := got["rejected_order_events"]
	testkit.Count(t, rows, 3)
	for _, code := range []string{`"reason_code":"DECIMAL_OVERFLOW"`, `"reason_code":"NOT_AN_OBJECT"`, `"reason_code":"BAD_ENUM"`} {
		found := false
		for _, r := range rows {
			found = found || strings.Contains(r, code)
		}
		if !found {
			t.Errorf("no rejection with %s in %v", code, rows)
		}
	}
}

// TestLocalRunnerSourceTables: a scenario's table changes go through the
// local engine's Delta-like tables and their Change Data Feed; without the
// last arrival the target is the state after the first.
func TestLocalRunnerSourceTables(t *testing.T) {
	s := scenario(t, "customer CDF")
	s.Arrivals = s.Arrivals[:1]
	got := testkit.LocalRunner{}.Run(t, s)
	testkit.RowsEqual(t, got["customers"], []string{
		`{"customer_id":1,"name":"Ada L.","email":"ada@l.org","country":"GB","tier":"gold","updated_at":"2026-07-15T09:02:00Z"}`,
		`{"customer_id":2,"name":"Grace","email":"grace@example.com","country":"US","tier":"standard","updated_at":"2026-07-15T09:01:00Z"}`,
	})
}
