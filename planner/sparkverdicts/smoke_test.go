package sparkverdicts_test

import (
	"flag"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

var full = flag.Bool("full", false, "run every case of the corpus on the stack, not only the smoke set (-record implies it)")

// smokeCases are the cases TestSparkVerdicts runs without -full or
// -record: the first case by name of each kind of verdict recorded on the
// server's line — how Spark was asked (the generated program or the
// equivalent query), its outcome and, for a rejection, its phase — so
// that every path of the harness and every kind of verdict meets the live
// server in minutes (six cases on 4.1). A case with nothing recorded on
// the line is a kind of its own. Every case's recorded verdict is checked
// offline by TestCorpus; `make record-verdicts` runs them all on the
// stack and re-records them.
func smokeCases(cases []sparkverdicts.Case, line string) []sparkverdicts.Case {
	seen := map[string]bool{}
	var out []sparkverdicts.Case
	for _, c := range cases {
		if kind := kindOn(c, line); !seen[kind] {
			seen[kind] = true
			out = append(out, c)
		}
	}
	return out
}

// kindOn is the kind of verdict recorded for c on line:
// ran/outcome/phase, or "unrecorded".
func kindOn(c sparkverdicts.Case, line string) string {
	s := c.Spark[line]
	if s == nil {
		return "unrecorded"
	}
	return s.Ran + "/" + s.Outcome + "/" + s.Phase
}

// TestSmokeCoversEveryKind checks the smoke set on every line: each kind
// of recorded verdict in the corpus once, and nothing else.
func TestSmokeCoversEveryKind(t *testing.T) {
	cases := loadCorpus(t)
	for _, line := range profile.SparkLines {
		kinds := map[string]int{}
		for _, c := range cases {
			kinds[kindOn(c, line)]++
		}
		smoke := smokeCases(cases, line)
		got := map[string]int{}
		for _, c := range smoke {
			got[kindOn(c, line)]++
		}
		for k := range kinds {
			if got[k] != 1 {
				t.Errorf("Spark %s: the smoke set has %d cases of kind %s, want 1", line, got[k], k)
			}
		}
		if len(smoke) != len(kinds) {
			t.Errorf("Spark %s: %d smoke cases for %d kinds", line, len(smoke), len(kinds))
		}
		t.Logf("Spark %s: %d smoke cases of %d", line, len(smoke), len(cases))
	}
}
