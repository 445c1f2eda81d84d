package funcverdicts_test

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/internal/funcverdicts"
)

var full = flag.Bool("full", false, "run every case of the corpus on the stack, not only the smoke set (-record implies it)")

// smokeCases are the cases TestSparkAgrees runs without -full or -record:
// per family, the first case of its table (cases_<family>.go) of each
// kind of recorded answer — values only, refused by Spark, not recorded
// yet — and, of the cases with ANSI error rows, the one with the fewest
// failing rows (then the fewest rows): the harness splits a failing query
// until each failing row is alone, so one such case proves that path and
// the others would cost a query per split. So every family's rendering
// and every path of the harness meet the live server in seconds; every
// case is compared with its recording offline by TestFunctionsAgree, and
// `make verdicts-live` runs them all on the stack.
func smokeCases(cases []funcverdicts.Case, recs map[string]map[string]funcverdicts.Recorded) []funcverdicts.Case {
	seen := map[string]bool{}
	var out []funcverdicts.Case
	errorsAt := -1
	for i, c := range cases {
		switch kind := answerKind(recs, c); {
		case kind == "errors":
			if errorsAt < 0 || errorCost(recs, c) < errorCost(recs, cases[errorsAt]) {
				errorsAt = i
			}
		case !seen[c.Family+"/"+kind]:
			seen[c.Family+"/"+kind] = true
			out = append(out, c)
		}
	}
	if errorsAt >= 0 {
		out = append(out, cases[errorsAt])
	}
	return out
}

// lineCases are the cases whose recorded answers differ between Spark
// lines: the smoke set runs them too, so that a smoke run on either line
// meets the difference the local engine follows.
func lineCases(t *testing.T, cases []funcverdicts.Case) []funcverdicts.Case {
	t.Helper()
	var recs []map[string]map[string]funcverdicts.Recorded
	for _, line := range profile.SparkLines {
		recs = append(recs, loadRecordings(t, cases, line))
	}
	var out []funcverdicts.Case
	for _, c := range cases {
		for _, r := range recs[1:] {
			if fmt.Sprint(r[c.Family][c.Name]) != fmt.Sprint(recs[0][c.Family][c.Name]) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

// TestLinesDiffer lists the cases whose answers differ between the
// recorded lines: a new difference must be reviewed (the local engine
// follows the line, lineStrict in localengine, or the type checker
// refuses the input) and listed here.
func TestLinesDiffer(t *testing.T) {
	var got []string
	for _, c := range lineCases(t, corpus(t)) {
		got = append(got, c.Name)
	}
	slices.Sort(got)
	want := []string{`json_get/string/"$"`, `json_get/string/"$.a"`, "json_valid/texts", "like/beyond-bmp"}
	if !slices.Equal(got, want) {
		t.Errorf("cases that differ between Spark lines: %q, want %q", got, want)
	}
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
	case failingRows(rec) > 0:
		return "errors"
	}
	return "values"
}

// failingRows counts the rows Spark failed on.
func failingRows(rec funcverdicts.Recorded) int {
	n := 0
	for _, row := range rec.Rows {
		if strings.HasPrefix(row[1], "error: ") {
			n++
		}
	}
	return n
}

// errorCost orders the cases with error rows by what the harness's split
// costs: failing rows, then rows.
func errorCost(recs map[string]map[string]funcverdicts.Recorded, c funcverdicts.Case) int {
	rec := recs[c.Family][c.Name]
	return failingRows(rec)*100000 + len(rec.Rows)
}

// TestSmokeCoversEveryKind checks the smoke set on every Spark line: each
// family's kinds of recorded answer but errors once, and one case with
// error rows, the cheapest to split.
func TestSmokeCoversEveryKind(t *testing.T) {
	cases := corpus(t)
	for _, line := range profile.SparkLines {
		t.Run(line, func(t *testing.T) { smokeCoversEveryKind(t, cases, loadRecordings(t, cases, line)) })
	}
}

// smokeCoversEveryKind checks the smoke set of one line's recordings.
func smokeCoversEveryKind(t *testing.T, cases []funcverdicts.Case, recs map[string]map[string]funcverdicts.Recorded) {
	kinds := map[string]int{}
	cheapest := -1
	for _, c := range cases {
		if k := answerKind(recs, c); k != "errors" {
			kinds[c.Family+"/"+k] = 1
		} else if cost := errorCost(recs, c); cheapest < 0 || cost < cheapest {
			cheapest = cost
		}
	}
	if cheapest >= 0 {
		kinds["errors"] = 1
	}
	got := map[string]int{}
	smoke := smokeCases(cases, recs)
	for _, c := range smoke {
		k := answerKind(recs, c)
		if k != "errors" {
			got[c.Family+"/"+k]++
			continue
		}
		got[k]++
		if cost := errorCost(recs, c); cost != cheapest {
			t.Errorf("the smoke case with error rows %s costs %d to split, the cheapest %d", c.Name, cost, cheapest)
		}
	}
	if !maps.Equal(got, kinds) {
		t.Errorf("cases by kind in the smoke set: %v, want %v", got, kinds)
	}
	t.Logf("%d smoke cases of %d", len(smoke), len(cases))
}
