package pyspark_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestLiveRuleTableExplain asks Spark for the physical plans of the
// generated program's order_events_valid and order_events_invalid (the
// multi_sink case, contract order-event) and checks that each rule of the
// rule table is evaluated once: one verdict expression (_etl_rule) holds
// every rule's condition, in order, and no condition stands anywhere else
// in the plan (not in the filter, not in the reason columns, which look
// the verdict up). A few seconds on the stack.
func TestLiveRuleTableExplain(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 to run against the stack (scripts/stack.sh up)")
	}
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("testdata", "multi_sink")
	files := generateCase(t, dir)
	out := t.TempDir()
	if err := pyspark.Write(out, files); err != nil {
		t.Fatal(err)
	}
	var module string
	for _, f := range files {
		if strings.HasSuffix(f.Path, ".py") && !pyspark.IsRuntimeFile(f.Path) {
			module = strings.TrimSuffix(filepath.Base(f.Path), ".py")
		}
	}
	script, err := filepath.Abs(filepath.Join("testdata", "live", "explain_rules.py"))
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(py, script, out, module, "order_events", stack.SparkRemote())
	stdout, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("explain on Spark: %v\n%s", err, stderr)
	}
	var plans map[string]string
	if err := json.Unmarshal(stdout, &plans); err != nil {
		t.Fatalf("explain output %q: %v", stdout, err)
	}
	var rules int
	for _, p := range casePlans(t, dir) {
		if p.Contract.ID == "order-event" {
			rules = len(p.Checks)
		}
	}
	for _, kind := range []string{"valid", "invalid"} {
		if err := rulesOnce(plans[kind], rules); err != nil {
			t.Errorf("order_events_%s: %v\n%s", kind, err, plans[kind])
		}
	}
	if got := strings.Count(plans["invalid"], "CASE WHEN ("+sparksql.RuleColumn+"#"); got < 3 {
		t.Errorf("order_events_invalid: %d lookups of the verdict, want the reason code, reason and field path (3)", got)
	}
}

var verdictAlias = regexp.MustCompile(` ELSE 0 END AS ` + sparksql.RuleColumn + `#[0-9]+`)

// rulesOnce checks a physical plan (explain "formatted") in which n rules
// are evaluated: exactly one verdict, CASE WHEN <c1> THEN 1 ... WHEN <cn>
// THEN n ELSE 0 END AS _etl_rule#id, and each condition ck stands once in
// the whole plan (in the verdict).
func rulesOnce(plan string, n int) error {
	ends := verdictAlias.FindAllStringIndex(plan, -1)
	if len(ends) != 1 {
		return fmt.Errorf("%d verdict expressions (… ELSE 0 END AS %s), want 1", len(ends), sparksql.RuleColumn)
	}
	end := ends[0][0]
	if !strings.HasSuffix(plan[:end], fmt.Sprintf(" THEN %d", n)) {
		return fmt.Errorf("the verdict does not end with rule %d", n)
	}
	// Walk back from the end: rule k's condition follows " THEN k-1 WHEN "
	// (the first follows "CASE WHEN ") and precedes " THEN k".
	conds := make([]string, n)
	stop := end - len(fmt.Sprintf(" THEN %d", n))
	for k := n; k >= 1; k-- {
		open := fmt.Sprintf(" THEN %d WHEN ", k-1)
		if k == 1 {
			open = "CASE WHEN "
		}
		at := strings.LastIndex(plan[:stop], open)
		if at < 0 {
			return fmt.Errorf("rule %d is not in the verdict", k)
		}
		conds[k-1] = plan[at+len(open) : stop]
		stop = at
	}
	for k, c := range conds {
		if got := strings.Count(plan, c); got != 1 {
			return fmt.Errorf("rule %d's condition stands %d times in the plan, want once: %s", k+1, got, c)
		}
	}
	return nil
}
