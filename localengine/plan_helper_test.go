package localengine

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// planMemory plans pipeline "p" of doc bound to a test profile whose
// assets are all memory streams and tables (checkpoints under dir); with
// merge keys, sink "out" is a foreach-batch-merge memory table on them
// (marked as the primary key of its contract). It returns the model and
// the diagnostics; errors fail the test unless allowErrors.
func planMemory(t *testing.T, doc *ir.Document, dir string, opts planner.Options, allowErrors bool, mergeKeys ...string) (*planner.Model, diag.List) {
	t.Helper()
	return planMemoryExec(t, doc, dir, nil, opts, allowErrors, mergeKeys...)
}

// planMemoryExec is planMemory with execution settings (name → YAML flow
// value, e.g. "state_snapshot_interval": "3").
func planMemoryExec(t *testing.T, doc *ir.Document, dir string, exec map[string]string, opts planner.Options, allowErrors bool, mergeKeys ...string) (*planner.Model, diag.List) {
	t.Helper()
	assets := map[string]string{}
	p := doc.Pipelines[0]
	for _, e := range p.Extracts {
		assets[e.Asset] = "{plugin: memory}"
	}
	for _, l := range p.Loads {
		assets[l.Asset] = "{plugin: memory}"
		if l.Asset == "out" && len(mergeKeys) > 0 {
			markKey(doc, l.Contract, mergeKeys)
			assets[l.Asset] = fmt.Sprintf("{plugin: memory, write_mode: foreach-batch-merge, merge_keys: [%s]}", strings.Join(mergeKeys, ", "))
		}
	}
	return planExecution(t, doc, dir, exec, assets, opts, allowErrors)
}

// planProfile plans doc bound to a test profile of the local engine with
// the given trigger ("" for none; YAML flow, e.g. "{type: once}") and
// assets (name → YAML flow mapping), checkpoints under dir. Errors fail the
// test unless allowErrors.
func planProfile(t *testing.T, doc *ir.Document, dir, trigger string, assets map[string]string, opts planner.Options, allowErrors bool) (*planner.Model, diag.List) {
	t.Helper()
	var exec map[string]string
	if trigger != "" {
		exec = map[string]string{"trigger": trigger}
	}
	return planExecution(t, doc, dir, exec, assets, opts, allowErrors)
}

// planExecution is planProfile with more execution settings (name → YAML
// flow value, e.g. "stop_policy": "cancel-batch").
func planExecution(t *testing.T, doc *ir.Document, dir string, exec, assets map[string]string, opts planner.Options, allowErrors bool) (*planner.Model, diag.List) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "name: test\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n  checkpoint_root: %q\n", dir)
	for _, k := range slices.Sorted(maps.Keys(exec)) {
		fmt.Fprintf(&b, "  %s: %s\n", k, exec[k])
	}
	b.WriteString("assets:\n")
	names := make([]string, 0, len(assets))
	for n := range assets {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		fmt.Fprintf(&b, "  %s: %s\n", n, assets[n])
	}
	prof, l := profile.Parse(dir+"/test.yaml", []byte(b.String()))
	if l.HasErrors() {
		t.Fatalf("profile: %v\n%s", l, b.String())
	}
	m, l := planner.Plan(doc, prof, opts)
	if l.HasErrors() && !allowErrors {
		t.Fatalf("plan: %v", l.Err())
	}
	return m, l
}

// markKey makes keys the primary key of contract id.
func markKey(doc *ir.Document, id string, keys []string) {
	for i := range doc.Contracts {
		if doc.Contracts[i].ID != id {
			continue
		}
		for j := range doc.Contracts[i].Fields {
			f := &doc.Contracts[i].Fields[j]
			f.PrimaryKey = slices.Index(keys, f.Name) + 1
		}
	}
}
