package planner

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestRulesRegistry: rule names are unique, every rule names its codes, and
// every code of the planner is documented in docs/diagnostics.md.
func TestRulesRegistry(t *testing.T) {
	docs, err := os.ReadFile("../docs/diagnostics.md")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, r := range DefaultRules() {
		if seen[r.Name] || r.Name == "" || r.Summary == "" || len(r.Codes) == 0 || r.Check == nil {
			t.Errorf("rule %q: duplicate name or missing summary, codes or check", r.Name)
		}
		seen[r.Name] = true
		for _, c := range r.Codes {
			if !strings.Contains(string(docs), "`"+c+"`") {
				t.Errorf("rule %s: code %s is not documented in docs/diagnostics.md", r.Name, c)
			}
		}
	}
	for _, c := range []string{CodeStateGroupingKeys, CodeStateWindow, CodeStateDedupKeys, CodeStateJoin, CodeStateSource, CodeStateAggregates,
		CodeStateOperators, CodeStateSchema, CodeStateWatermark, CodeStateQueryRemoved, CodeStateManifest, CodeStateOutputMode, CodeStateOutput, CodeStateCompatible} {
		if !strings.Contains(string(docs), "`"+c+"`") {
			t.Errorf("state code %s is not documented in docs/diagnostics.md", c)
		}
	}
}

// TestImports keeps the arrows honest: the planner depends on contracts and
// framework only, never on generators, engines, testkit or the CLI.
func TestImports(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	bad := map[string]bool{"gen": true, "pyspark": true, "testkit": true, "internal": true, "cmd": true, "examples": true}
	for _, dep := range strings.Fields(string(out)) {
		rest, ok := strings.CutPrefix(dep, "github.com/etlgen/etlgen/")
		if top, _, _ := strings.Cut(rest, "/"); ok && bad[top] {
			t.Errorf("planner depends on %s", dep)
		}
	}
}
