package pyspark_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/framework/ir/funccases"
	"github.com/etlgen/etlgen/pyspark"
)

// TestLiveFuncCases asks Spark 4.1 (ETLGEN_STACK=1) the function cases of
// framework/ir/funccases through the SQL SQLExpr prints: Spark's typeof
// and value must be the recorded ones, and a case recorded as an error
// must raise it (a case etlgen refuses, ETL-D2xx, is not sent).
func TestLiveFuncCases(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 to run against the stack (scripts/stack.sh up)")
	}
	cases, err := funccases.Spark41()
	if err != nil {
		t.Fatal(err)
	}
	var sent []funccases.Case
	var exprs []string
	for _, c := range cases {
		if strings.HasPrefix(c.Error, "ETL-") {
			continue
		}
		e, err := c.Expr()
		if err != nil {
			t.Fatal(err)
		}
		sent, exprs = append(sent, c), append(exprs, pyspark.SQLExpr(e))
	}
	answers := askSpark(t, exprs)
	for i, c := range sent {
		a := answers[i]
		typ, _ := funccases.ParseType(c.Type)
		switch {
		case c.Error != "" && a.Error != c.Error:
			t.Errorf("%s = %s: Spark answered %+v, recorded error %s", c.Name(), exprs[i], a, c.Error)
		case c.Error == "" && (a.Error != "" || a.Type != c.Type || !funccases.Same(typ.Kind, a.Value, c.Want)):
			t.Errorf("%s = %s: Spark answered %+v, recorded %s %s", c.Name(), exprs[i], a, c.Type, c.Want)
		}
	}
}

// sparkAnswer is one line of testdata/live/funcs.py.
type sparkAnswer struct {
	Type  string `json:"type"`
	Value string `json:"value"`
	Error string `json:"error"`
}

// askSpark evaluates the expressions on the stack's Spark, one answer each.
func askSpark(t *testing.T, exprs []string) []sparkAnswer {
	t.Helper()
	py, err := pyspark.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, filepath.Join("testdata", "live", "funcs.py"), stack.SparkRemote())
	cmd.Stdin = strings.NewReader(strings.Join(exprs, "\n") + "\n")
	cmd.Env = append(os.Environ(), "TZ=UTC")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("funcs.py: %v", err)
	}
	var res []sparkAnswer
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var a sparkAnswer
		if err := json.Unmarshal([]byte(line), &a); err != nil {
			t.Fatalf("funcs.py output %q: %v", line, err)
		}
		res = append(res, a)
	}
	if len(res) != len(exprs) {
		t.Fatalf("funcs.py answered %d of %d expressions", len(res), len(exprs))
	}
	return res
}
