package funcverdicts_test

import (
	"slices"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/internal/funcverdicts"
)

// recordings is where Spark's answers are recorded, one file per family.
const recordings = "testdata"

// pending are the cases where etlgen still differs from Spark, each with
// the work that removes the difference. A pending case is skipped while it
// differs and fails once it agrees. Never add a case here to make a test
// pass: fix the engine, or make the type checker refuse the input.
var pending = map[string]string{
	"timestamp_seconds/epochs":      "ANSI long overflow beyond Spark's microsecond range (±290,000 years): needs engine.EvalError to fail the batch; h/fnum",
	"try_to_timestamp/beyond-range": "ANSI long overflow beyond Spark's microsecond range (±290,000 years), even in try_to_timestamp: needs engine.EvalError to fail the batch; h/fnum",
	"timestamp_millis/epochs":       "ANSI long overflow beyond Spark's microsecond range (±290,000 years): needs engine.EvalError to fail the batch; h/fnum",
}

// TestFunctionsAgree evaluates every case with the local engine as each
// Spark line answers and compares its answer with that line's recorded
// one: the result type and every row's value or error class.
func TestFunctionsAgree(t *testing.T) {
	cases := corpus(t)
	for _, line := range profile.SparkLines {
		t.Run(line, func(t *testing.T) { agreeOn(t, cases, line) })
	}
}

// agreeOn compares every case with its recording on a Spark line.
func agreeOn(t *testing.T, cases []funcverdicts.Case, line string) {
	recs := loadRecordings(t, cases, line)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			local, err := funcverdicts.Local(c, line)
			if err != nil {
				t.Fatal(err)
			}
			rec, ok := recs[c.Family][c.Name]
			if !ok {
				t.Fatalf("Spark %s's answer is not recorded: run TestSparkAgrees with ETLGEN_STACK=1 -record on a %s stack", line, line)
			}
			checkFresh(t, c, rec)
			diffs := funcverdicts.Compare(c, local, rec.Answer())
			why, isPending := pending[c.Name]
			switch {
			case isPending && len(diffs) == 0:
				t.Errorf("etlgen agrees with Spark now: remove the case from pending (%s)", why)
			case isPending:
				t.Skipf("pending (%s): etlgen and Spark (recorded) differ on %s:\n%s", why, rec.SQL, funcverdicts.Report(diffs))
			case len(diffs) > 0:
				t.Errorf("etlgen and Spark (recorded) differ on %s:\n%s", rec.SQL, funcverdicts.Report(diffs))
			}
		})
	}
}

// checkFresh fails when the case's rows are not those Spark answered.
func checkFresh(t *testing.T, c funcverdicts.Case, rec funcverdicts.Recorded) {
	t.Helper()
	if rec.Refused != "" {
		return
	}
	var want []string
	for _, row := range rec.Rows {
		want = append(want, row[0])
	}
	var got []string
	for i := range c.Rows {
		got = append(got, funcverdicts.Inputs(c, i))
	}
	if !slices.Equal(got, want) {
		t.Fatalf("the case's rows changed since Spark answered: re-record with TestSparkAgrees -record\nrecorded %q\nnow %q", want, got)
	}
}

// corpus is every case.
func corpus(t *testing.T) []funcverdicts.Case {
	t.Helper()
	cases, err := funcverdicts.Cases()
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

// loadRecordings reads the recording on a Spark line of every family of
// cases.
func loadRecordings(t *testing.T, cases []funcverdicts.Case, line string) map[string]map[string]funcverdicts.Recorded {
	t.Helper()
	out := map[string]map[string]funcverdicts.Recorded{}
	for _, c := range cases {
		if _, ok := out[c.Family]; ok {
			continue
		}
		recs, err := funcverdicts.Load(funcverdicts.Path(recordings, c.Family, line))
		if err != nil {
			t.Fatal(err)
		}
		out[c.Family] = recs
	}
	return out
}
