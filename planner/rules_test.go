package planner

import (
	"os"
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
		CodeStateOperators, CodeStateSchema, CodeStateWatermark, CodeStateQueryRemoved, CodeStateManifest, CodeStateOutputMode, CodeStateOutput, CodeStateStore, CodeStateCheckpointMoved, CodeStateCompatible} {
		if !strings.Contains(string(docs), "`"+c+"`") {
			t.Errorf("state code %s is not documented in docs/diagnostics.md", c)
		}
	}
}
