package planner

import "testing"

// TestRowCount: ETL-S408 counts rows in the singular for one.
func TestRowCount(t *testing.T) {
	for n, want := range map[int]string{0: "0 rows", 1: "1 row", 2: "2 rows", 100: "100 rows"} {
		if got := rowCount(n); got != want {
			t.Errorf("rowCount(%d) = %q, want %q", n, got, want)
		}
	}
}
