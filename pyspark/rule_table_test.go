package pyspark_test

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// checkDump imports the generated program (its module name is argv[2]) and
// prints every <SOURCE>_CHECK rt.rule_check built from the rule table,
// with the table's length.
const checkDump = `
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
m = importlib.import_module(sys.argv[2])
out = {}
for name in dir(m):
    if name.endswith("_CHECK") and isinstance(getattr(m, name), dict):
        base = name[:-len("_CHECK")]
        out[base] = dict(getattr(m, name), rules=len(getattr(m, base + "_RULES")))
json.dump(out, sys.stdout)
`

// programCheck is one source's check as the program builds it.
type programCheck struct {
	StageLevels [][]string `json:"stage_levels"`
	Valid       string     `json:"valid"`
	ReasonCode  string     `json:"reason_code"`
	Reason      string     `json:"reason"`
	FieldPath   string     `json:"field_path"`
	Rules       int        `json:"rules"`
}

// TestRuleTableBuildsThePlan: the check a generated program builds from
// its rule table (rt.rule_check, run by Python) is exactly the compiled plan
// of the source's contract (sparksql: StageLevels with the verdict stage,
// ValidExpr, the reason lookups), the form the shared corpus checks on
// Spark against Go's verdicts. Each rule is written once in the program.
func TestRuleTableBuildsThePlan(t *testing.T) {
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	for _, name := range []string{"multi_sink", "hostile_names", "file_source"} {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join("testdata", name)
			files := generateCase(t, dir)
			out := t.TempDir()
			if err := pyspark.Write(out, files); err != nil {
				t.Fatal(err)
			}
			var program string
			for _, f := range files {
				if strings.HasSuffix(f.Path, ".py") && !pyspark.IsRuntimeFile(f.Path) {
					program = f.Path
				}
			}
			stdout, err := exec.Command(py, "-c", checkDump, out, strings.TrimSuffix(filepath.Base(program), ".py")).Output()
			if err != nil {
				t.Fatalf("python: %v", err)
			}
			var got map[string]programCheck
			if err := json.Unmarshal(stdout, &got); err != nil {
				t.Fatalf("python output %q: %v", stdout, err)
			}
			if len(got) == 0 {
				t.Fatal("the program defines no check")
			}
			plans := casePlans(t, dir)
			text := string(fileData(t, files, program))
			for base, c := range got {
				p := matchingPlan(plans, c)
				if p == nil {
					t.Errorf("%s_CHECK is no compiled plan of the pipeline's contracts: %+v", base, c)
					continue
				}
				for i, ck := range p.Checks {
					if n := strings.Count(text, pyspark.PyString(ck.SQL)); n != 1 {
						t.Errorf("%s: rule %d (%s %s) is written %d times in the program, want once", base, i+1, ck.Rule, ck.FieldPath, n)
					}
				}
			}
		})
	}
}

// casePlans compiles every contract of the case's IR for both payload
// types.
func casePlans(t *testing.T, dir string) []*sparksql.Plan {
	t.Helper()
	doc := caseDoc(t, dir)
	var out []*sparksql.Plan
	for i := range doc.Contracts {
		for _, pt := range []sparksql.PayloadType{sparksql.PayloadBinary, sparksql.PayloadString} {
			if p, err := sparksql.Compile(&doc.Contracts[i], sparksql.Options{PayloadType: pt}); err == nil {
				out = append(out, p)
			}
		}
	}
	return out
}

// matchingPlan returns the plan whose expressions the check holds, nil
// when none does.
func matchingPlan(plans []*sparksql.Plan, c programCheck) *sparksql.Plan {
	for _, p := range plans {
		var levels [][]string
		for _, lvl := range p.StageLevels() {
			exprs := make([]string, len(lvl))
			for i, s := range lvl {
				exprs[i] = s.Expr()
			}
			levels = append(levels, exprs)
		}
		if c.Rules == len(p.Checks) && slices.EqualFunc(levels, c.StageLevels, slices.Equal) &&
			c.Valid == p.ValidExpr() && c.ReasonCode == p.ReasonCodeExpr() && c.Reason == p.ReasonExpr() &&
			c.FieldPath == p.FieldPathExpr() {
			return p
		}
	}
	return nil
}

func fileData(t *testing.T, files []pyspark.File, path string) []byte {
	t.Helper()
	for _, f := range files {
		if f.Path == path {
			return f.Data
		}
	}
	t.Fatalf("no file %s", path)
	return nil
}
