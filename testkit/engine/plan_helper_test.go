package engine

import (
	"fmt"
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
// (marked as the primary key of its contract). It returns the model, the
// profile and the diagnostics; errors fail the test unless allowErrors.
func planMemory(t *testing.T, doc *ir.Document, dir string, opts planner.Options, allowErrors bool, mergeKeys ...string) (*planner.Model, *profile.Profile, diag.List) {
	t.Helper()
	var b strings.Builder
	fmt.Fprintf(&b, "name: test\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n  checkpoint_root: %q\nassets:\n", dir)
	p := doc.Pipelines[0]
	for _, e := range p.Extracts {
		fmt.Fprintf(&b, "  %s: {plugin: memory}\n", e.Asset)
	}
	for _, l := range p.Loads {
		if l.Asset == "out" && len(mergeKeys) > 0 {
			markKey(doc, l.Contract, mergeKeys)
			fmt.Fprintf(&b, "  out: {plugin: memory, write_mode: foreach-batch-merge, merge_keys: [%s]}\n", strings.Join(mergeKeys, ", "))
			continue
		}
		fmt.Fprintf(&b, "  %s: {plugin: memory}\n", l.Asset)
	}
	prof, l := profile.Parse(dir+"/test.yaml", []byte(b.String()))
	if l.HasErrors() {
		t.Fatalf("profile: %v\n%s", l, b.String())
	}
	m, l := planner.Plan(doc, prof, opts)
	if l.HasErrors() && !allowErrors {
		t.Fatalf("plan: %v", l.Err())
	}
	return m, prof, l
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
