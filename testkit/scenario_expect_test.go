package testkit_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/testkit"
)

// TestExpectationTally: counts add up per query and expectation across
// batches, sorted by query then expectation; a pair that met and broke
// nothing (idle batches) is left out, whichever engine reported it.
func TestExpectationTally(t *testing.T) {
	type add struct {
		query, name, action string
		passed, failed      int64
	}
	tests := []struct {
		name string
		adds []add
		want []string
	}{
		{name: "none", want: []string{}},
		{name: "summed and sorted",
			adds: []add{{"q2", "b", "warn", 1, 0}, {"q1", "z", "drop", 2, 1}, {"q2", "b", "warn", 3, 4}, {"q1", "a", "fail", 0, 1}},
			want: []string{testkit.ExpectationCountRow("q1", "a", "fail", 0, 1), testkit.ExpectationCountRow("q1", "z", "drop", 2, 1),
				testkit.ExpectationCountRow("q2", "b", "warn", 4, 4)}},
		{name: "zeros left out", adds: []add{{"q", "idle", "warn", 0, 0}, {"q", "idle", "warn", 0, 0}, {"q", "seen", "drop", 0, 2}},
			want: []string{`{"query":"q","expectation":"seen","action":"drop","passed":0,"failed":2}`}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var tally testkit.ExpectationTally
			for _, a := range tc.adds {
				tally.Add(a.query, a.name, a.action, a.passed, a.failed)
			}
			if diff := cmp.Diff(tc.want, tally.Rows()); diff != "" {
				t.Errorf("rows (-want +got):\n%s", diff)
			}
		})
	}
}
