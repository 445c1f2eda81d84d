package funcverdicts_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/internal/funcverdicts"
	"github.com/etlgen/etlgen/sparkrun"
)

var record = flag.Bool("record", false, "record Spark's answers in testdata/<family>.json")

// TestSparkAgrees runs every case on the stack's Spark Connect server
// (ETLGEN_STACK=1) in one Python process (testdata/harness.py) and
// compares Spark's answers with the ones recorded for the server's line
// (stack.SparkLine), or records them with -record; then it compares them
// with the local engine's answers on that line. Without -full or -record
// it runs the smoke set (smokeCases): the rest is compared with its
// recording offline (TestFunctionsAgree).
func TestSparkAgrees(t *testing.T) {
	stack.Require(t)
	line := stack.SparkLine()
	cases := corpus(t)
	recs := loadRecordings(t, cases, line)
	if !*full && !*record {
		smoke := smokeCases(cases, recs)
		for _, c := range lineCases(t, cases) {
			if !slices.ContainsFunc(smoke, func(s funcverdicts.Case) bool { return s.Name == c.Name }) {
				smoke = append(smoke, c)
			}
		}
		cases = smoke
	}
	start := time.Now()
	measured := runHarness(t, cases, line)
	t.Logf("%d cases on Spark %s in %s", len(cases), line, time.Since(start).Round(100*time.Millisecond))
	for _, c := range cases {
		spark, ok := measured[c.Name]
		if !ok {
			t.Fatalf("%s: the harness returned no answer", c.Name)
		}
		rec, err := funcverdicts.Record(c, spark)
		if err != nil {
			t.Fatal(err)
		}
		if old, ok := recs[c.Family][c.Name]; !*record && (!ok || fmt.Sprint(old) != fmt.Sprint(rec)) {
			t.Errorf("%s: Spark's answer is not the recorded one (run with -record once understood):\nrecorded %v\nmeasured %v", c.Name, old, rec)
		}
		recs[c.Family][c.Name] = rec
	}
	if *record {
		for family, r := range recs {
			if err := funcverdicts.Write(funcverdicts.Path(recordings, family, line), r); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, c := range cases {
		local, err := funcverdicts.Local(c, line)
		if err != nil {
			t.Fatal(err)
		}
		if diffs := funcverdicts.Compare(c, local, measured[c.Name]); len(diffs) > 0 && pending[c.Name] == "" {
			t.Errorf("%s: etlgen and Spark differ on %s:\n%s", c.Name, recs[c.Family][c.Name].SQL, funcverdicts.Report(diffs))
		}
	}
}

// harnessCase is one case for the harness.
type harnessCase struct {
	Name string `json:"name"`
	funcverdicts.Query
}

// harnessAnswer is Spark's raw answer to a case.
type harnessAnswer struct {
	Type    string `json:"type"`
	Refused string `json:"refused"`
	Rows    []struct {
		V     *string `json:"v"`
		Error string  `json:"error"`
	} `json:"rows"`
}

// runHarness runs the cases in one Python process and returns Spark's
// answers, canonical, by case name; it fails when the server does not run
// Spark line.
func runHarness(t *testing.T, cases []funcverdicts.Case, line string) map[string]funcverdicts.Answer {
	t.Helper()
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	spec := map[string]any{"remote": stack.SparkRemote(), "line": line,
		"conf": map[string]string{"spark.sql.session.timeZone": "UTC", "spark.sql.ansi.enabled": "true"}}
	var hc []harnessCase
	for _, c := range cases {
		q, err := funcverdicts.QueryOf(c)
		if err != nil {
			t.Fatal(err)
		}
		hc = append(hc, harnessCase{Name: c.Name, Query: q})
	}
	spec["cases"] = hc
	dir := t.TempDir()
	in, out := filepath.Join(dir, "cases.json"), filepath.Join(dir, "results.json")
	data, err := json.Marshal(spec)
	if err == nil {
		err = os.WriteFile(in, data, 0o644)
	}
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, filepath.Join("testdata", "harness.py"), in, out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("harness: %v\n%s", err, stderr.String())
	}
	t.Logf("harness: %s", strings.TrimSpace(stderr.String()))
	var raw map[string]harnessAnswer
	data, err = os.ReadFile(out)
	if err == nil {
		err = json.Unmarshal(data, &raw)
	}
	if err != nil {
		t.Fatal(err)
	}
	answers := map[string]funcverdicts.Answer{}
	for name, h := range raw {
		a, err := canonical(h)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		answers[name] = a
	}
	return answers
}

// canonical is a raw answer in canonical form.
func canonical(h harnessAnswer) (funcverdicts.Answer, error) {
	a := funcverdicts.Answer{Type: h.Type, Refused: h.Refused}
	for _, r := range h.Rows {
		if r.Error != "" {
			a.Rows = append(a.Rows, "error: "+r.Error)
			continue
		}
		v, err := funcverdicts.CanonSpark(r.V, h.Type)
		if err != nil {
			return a, err
		}
		a.Rows = append(a.Rows, v)
	}
	return a, nil
}
