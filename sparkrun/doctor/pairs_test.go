package doctor

import "testing"

func TestDeltaPairProblem(t *testing.T) {
	for _, tc := range []struct {
		engineInfo, spark string
		bad               bool
	}{
		{"Apache-Spark/4.1.1 Delta-Lake/4.1.0", "4.1.1", false},
		{"Apache-Spark/4.1.2 Delta-Lake/4.1.0", "4.1.2", true},
		{"Apache-Spark/4.1.10 Delta-Lake/4.1.0", "4.1.10", true},
		{"Apache-Spark/4.2.0 Delta-Lake/4.1.0", "4.2.0", true},
		{"Apache-Spark/4.2.0 Delta-Lake/4.4.0", "4.2.0", false},
		{"", "4.2.0", false},
	} {
		delta := deltaVersionOf(tc.engineInfo)
		if got := deltaPairProblem(delta, tc.spark) != ""; got != tc.bad {
			t.Errorf("%q on Spark %s: problem %v, want %v", tc.engineInfo, tc.spark, got, tc.bad)
		}
	}
}
