package funcverdicts_test

import (
	"slices"
	"testing"

	"github.com/etlgen/etlgen/internal/funcverdicts"
)

// recordings is where Spark's answers are recorded, one file per family.
const recordings = "testdata"

// pending are the cases where etlgen still differs from Spark, each with
// the work that removes the difference. A pending case is skipped while it
// differs and fails once it agrees. Never add a case here to make a test
// pass: fix the engine, or make the type checker refuse the input.
var pending = map[string]string{
	"lpad/empty-pad":                      "Spark reads past the end of a value whose last UTF-8 sequence is cut short (\\xe2\\x82 gives \\xe2\\x82\\x00: the bytes after the value in its row); only invalid UTF-8, which contract validation rejects (INVALID_UTF8), gets there",
	"right/n=5":                           "Spark reads past the end of a value whose last UTF-8 sequence is cut short (\\xe2\\x82 gives \\xe2\\x82\\x00: the bytes after the value in its row); only invalid UTF-8, which contract validation rejects (INVALID_UTF8), gets there",
	"right/n=2":                           "Spark reads past the end of a value whose last UTF-8 sequence is cut short (\\xe2\\x82 gives \\xe2\\x82\\x00: the bytes after the value in its row); only invalid UTF-8, which contract validation rejects (INVALID_UTF8), gets there",
	"left/n=5":                            "Spark reads past the end of a value whose last UTF-8 sequence is cut short (\\xe2\\x82 gives \\xe2\\x82\\x00: the bytes after the value in its row); only invalid UTF-8, which contract validation rejects (INVALID_UTF8), gets there",
	"left/n=2":                            "Spark reads past the end of a value whose last UTF-8 sequence is cut short (\\xe2\\x82 gives \\xe2\\x82\\x00: the bytes after the value in its row); only invalid UTF-8, which contract validation rejects (INVALID_UTF8), gets there",
	"length/strings":                      "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=1,len=3":               "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=0,len=3":               "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=0,len=1":               "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=-1,len=1":              "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=-3,len=2":              "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=-100,len=102":          "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"substring/pos=1,len=2147483647":      "Spark counts characters by UTF-8 lead byte and treats position 0 as 1; to fix here",
	"+/ints":                              "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"-/ints":                              "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"*/ints":                              "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"//ints":                              "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"+/bigints":                           "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"-/bigints":                           "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"*/bigints":                           "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"//bigints":                           "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"//doubles":                           "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"//decimals":                          "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"+/wide-decimals":                     "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"-/wide-decimals":                     "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"*/wide-decimals":                     "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"//wide-decimals":                     "ANSI arithmetic: overflow and division by zero fail the row; to fix here",
	"cast/string-to-boolean":              "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-int":                  "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-bigint":               "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-double":               "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-decimal(10,0)":        "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-decimal(18,2)":        "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-decimal(38,0)":        "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-timestamp":            "ANSI casts; to fix here or refuse in infer",
	"cast/string-to-date":                 "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-int":                 "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-bigint":              "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-double":              "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-decimal(10,0)":       "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-decimal(18,2)":       "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-decimal(38,0)":       "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-timestamp":           "ANSI casts; to fix here or refuse in infer",
	"cast/boolean-to-date":                "ANSI casts; to fix here or refuse in infer",
	"cast/int-to-boolean":                 "ANSI casts; to fix here or refuse in infer",
	"cast/int-to-timestamp":               "ANSI casts; to fix here or refuse in infer",
	"cast/int-to-date":                    "ANSI casts; to fix here or refuse in infer",
	"cast/bigint-to-boolean":              "ANSI casts; to fix here or refuse in infer",
	"cast/bigint-to-int":                  "ANSI casts; to fix here or refuse in infer",
	"cast/bigint-to-decimal(10,0)":        "ANSI casts; to fix here or refuse in infer",
	"cast/bigint-to-decimal(18,2)":        "ANSI casts; to fix here or refuse in infer",
	"cast/bigint-to-timestamp":            "ANSI casts; to fix here or refuse in infer",
	"cast/bigint-to-date":                 "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-string":               "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-boolean":              "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-int":                  "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-bigint":               "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-decimal(10,0)":        "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-decimal(18,2)":        "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-decimal(38,0)":        "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-timestamp":            "ANSI casts; to fix here or refuse in infer",
	"cast/double-to-date":                 "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(18,2)-to-string":        "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(18,2)-to-boolean":       "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(18,2)-to-int":           "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(18,2)-to-decimal(10,0)": "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(18,2)-to-timestamp":     "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(18,2)-to-date":          "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-boolean":       "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-int":           "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-bigint":        "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-decimal(10,0)": "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-decimal(18,2)": "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-timestamp":     "ANSI casts; to fix here or refuse in infer",
	"cast/decimal(38,0)-to-date":          "ANSI casts; to fix here or refuse in infer",
	"cast/timestamp-to-boolean":           "ANSI casts; to fix here or refuse in infer",
	"cast/timestamp-to-int":               "ANSI casts; to fix here or refuse in infer",
	"cast/timestamp-to-double":            "ANSI casts; to fix here or refuse in infer",
	"cast/timestamp-to-decimal(10,0)":     "ANSI casts; to fix here or refuse in infer",
	"cast/timestamp-to-decimal(18,2)":     "ANSI casts; to fix here or refuse in infer",
	"cast/timestamp-to-decimal(38,0)":     "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-boolean":                "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-int":                    "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-bigint":                 "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-double":                 "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-decimal(10,0)":          "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-decimal(18,2)":          "ANSI casts; to fix here or refuse in infer",
	"cast/date-to-decimal(38,0)":          "ANSI casts; to fix here or refuse in infer",
	"date_trunc/quarter":                  "date_trunc units the engine lacks; to fix here",
	"date_trunc/week":                     "date_trunc units the engine lacks; to fix here",
	"date_trunc/millisecond":              "date_trunc units the engine lacks; to fix here",
	"date_trunc/microsecond":              "date_trunc units the engine lacks; to fix here",
}

// TestFunctionsAgree evaluates every case with the local engine and
// compares its answer with Spark's recorded one: the result type and
// every row's value or error class.
func TestFunctionsAgree(t *testing.T) {
	cases := corpus(t)
	recs := loadRecordings(t, cases)
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			local, err := funcverdicts.Local(c)
			if err != nil {
				t.Fatal(err)
			}
			rec, ok := recs[c.Family][c.Name]
			if !ok {
				t.Fatal("Spark's answer is not recorded: run TestSparkAgrees with ETLGEN_STACK=1 -record")
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

// loadRecordings reads the recording of every family of cases.
func loadRecordings(t *testing.T, cases []funcverdicts.Case) map[string]map[string]funcverdicts.Recorded {
	t.Helper()
	out := map[string]map[string]funcverdicts.Recorded{}
	for _, c := range cases {
		if _, ok := out[c.Family]; ok {
			continue
		}
		recs, err := funcverdicts.Load(funcverdicts.Path(recordings, c.Family))
		if err != nil {
			t.Fatal(err)
		}
		out[c.Family] = recs
	}
	return out
}
