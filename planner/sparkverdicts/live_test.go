package sparkverdicts_test

import (
	"flag"
	"os"
	"regexp"
	"strconv"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
)

var record = flag.Bool("record", false, "record the measured Spark verdicts in the corpus (spark.json, spark-<line>.json: the server's line)")

// TestSparkVerdicts runs every case of the corpus on the stack's Spark
// Connect server (ETLGEN_STACK=1): the program pyspark.Generate writes where
// etlgen accepts the pipeline, else the equivalent query built from the IR,
// all in one Python process (testdata/harness.py) over the same events. It
// fails when Spark's verdict is not the one recorded for the server's line
// (-record rewrites that line's file instead: spark.json for 4.1,
// spark-4.2.json for 4.2), and when etlgen's verdict on that line and
// Spark's disagree on a case that is neither deliberate nor pending; pending
// cases are reported.
// Without -full or -record it runs the smoke set (smokeCases): the rest
// is compared with its recording offline (TestCorpus).
// ETLGEN_CORPUS_SLOTS sets how many cases run at once (default 4), and
// ETLGEN_CORPUS_CASES (a regular expression) runs only the matching cases.
func TestSparkVerdicts(t *testing.T) {
	stack.Require(t)
	line := serverLine(t)
	cases := selected(t, loadCorpus(t), line)
	start := time.Now()
	r := newStackRun(t)
	r.line = line
	t.Logf("the server runs Spark line %s; %d cases", r.line, len(cases))
	for _, c := range cases {
		if err := r.add(c); err != nil {
			t.Fatalf("case %s: %v", c.Name, err)
		}
	}
	measured := r.harness(slots())
	t.Logf("%d cases on Spark in %s", len(cases), time.Since(start).Round(time.Second))
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			j, _ := r.jobOf(c.Name)
			s, ok := measured[c.Name]
			if !ok {
				t.Fatal("the harness returned no verdict")
			}
			s.Ran = j.ran
			checkRecorded(t, c, r.line, s)
			if c.Pending != "" {
				t.Logf("pending (%s): etlgen %s (errors %s), Spark %s", c.Pending, verdictWord(j.etlgen.verdict.Accepted()),
					codes(j.etlgen.verdict.Errors), s)
				return
			}
			if msg := disagreement(c, r.line, j.etlgen.verdict, s); msg != "" {
				t.Errorf("%s\n%s", msg, j.etlgen.diags)
			}
		})
	}
}

// checkRecorded compares Spark's measured verdict with the recorded one,
// or records it under -record.
func checkRecorded(t *testing.T, c sparkverdicts.Case, line string, s sparkverdicts.Spark) {
	t.Helper()
	if s.Outcome != sparkverdicts.Accepted && s.Outcome != sparkverdicts.Rejected {
		t.Fatalf("no verdict: %s %s", s.Outcome, s.Message)
	}
	if *record {
		if err := c.WriteSpark(line, s); err != nil {
			t.Fatal(err)
		}
		return
	}
	if c.Spark[line] == nil {
		t.Fatalf("Spark %s %s; nothing recorded: run with -record", line, s)
	}
	want := *c.Spark[line]
	if c.RowsVary {
		want.Rows, s.Rows = nil, nil
	}
	if !want.Matches(s) {
		t.Errorf("Spark's verdict changed: recorded %s, measured %s (run with -record once understood)", want, s)
	}
}

// selected keeps the cases ETLGEN_CORPUS_CASES matches; when it is unset,
// every case under -full or -record, else the smoke set of the line.
func selected(t *testing.T, cases []sparkverdicts.Case, line string) []sparkverdicts.Case {
	t.Helper()
	expr := os.Getenv("ETLGEN_CORPUS_CASES")
	switch {
	case expr == "" && (*full || *record):
		return cases
	case expr == "":
		return smokeCases(cases, line)
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		t.Fatalf("ETLGEN_CORPUS_CASES: %v", err)
	}
	var out []sparkverdicts.Case
	for _, c := range cases {
		if re.MatchString(c.Name) {
			out = append(out, c)
		}
	}
	return out
}

// slots is how many cases the harness runs at once.
func slots() int {
	if n, err := strconv.Atoi(os.Getenv("ETLGEN_CORPUS_SLOTS")); err == nil && n > 0 {
		return n
	}
	return 4
}
