package funcverdicts_test

import (
	"flag"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/internal/funcverdicts"
)

var full = flag.Bool("full", false, "run every case of the corpus on the stack, not only the smoke set (-record implies it)")

// smokeCases are the cases TestSparkAgrees runs without -full or -record:
// per family, the first case of its table (cases_<family>.go) of each kind of recorded answer —
// values only, values and ANSI error rows (the harness splits the query
// until each failing row is alone), refused by Spark — and one case not
// recorded yet, so that every path of the harness and every family's
// rendering meets the live server in seconds. Every case is compared with
// its recording offline by TestFunctionsAgree; `make record-verdicts`
// runs them all on the stack and re-records them.
func smokeCases(cases []funcverdicts.Case, recs map[string]map[string]funcverdicts.Recorded) []funcverdicts.Case {
	seen := map[string]bool{}
	var out []funcverdicts.Case
	for _, c := range cases {
		if kind := c.Family + "/" + answerKind(recs, c); !seen[kind] {
			seen[kind] = true
			out = append(out, c)
		}
	}
	return out
}

// answerKind is the kind of c's recorded answer: values, errors (some row
// failed), refused or unrecorded.
func answerKind(recs map[string]map[string]funcverdicts.Recorded, c funcverdicts.Case) string {
	rec, ok := recs[c.Family][c.Name]
	switch {
	case !ok:
		return "unrecorded"
	case rec.Refused != "":
		return "refused"
	}
	for _, row := range rec.Rows {
		if strings.HasPrefix(row[1], "error: ") {
			return "errors"
		}
	}
	return "values"
}

// TestSmokeCoversEveryKind checks the smoke set: each family's kinds of
// recorded answer once, and nothing else.
func TestSmokeCoversEveryKind(t *testing.T) {
	cases := corpus(t)
	recs := loadRecordings(t, cases)
	kinds := map[string]bool{}
	for _, c := range cases {
		kinds[c.Family+"/"+answerKind(recs, c)] = true
	}
	got := map[string]int{}
	smoke := smokeCases(cases, recs)
	for _, c := range smoke {
		got[c.Family+"/"+answerKind(recs, c)]++
	}
	for k := range kinds {
		if got[k] != 1 {
			t.Errorf("the smoke set has %d cases of kind %s, want 1", got[k], k)
		}
	}
	if len(smoke) != len(kinds) {
		t.Errorf("%d smoke cases for %d kinds", len(smoke), len(kinds))
	}
	t.Logf("%d smoke cases of %d", len(smoke), len(cases))
}
