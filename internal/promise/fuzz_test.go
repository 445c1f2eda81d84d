package promise

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/gen"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// FuzzIR feeds arbitrary IR documents through everything downstream of the
// loader: the planner (unbound, and bound to a profile synthesized for the
// document on each engine), every generator of gen.Default, and — when the
// plan has no errors — the PySpark generator and the local engine. Nothing
// may panic; a clean plan must generate and open (the promise). The seed
// corpus is every committed IR document plus testdata/fuzz/FuzzIR.
func FuzzIR(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(root, "*/testdata/*/ir.json"))
	more, _ := filepath.Glob(filepath.Join(root, "*/testdata/*/*/ir.json"))
	named, _ := filepath.Glob(filepath.Join(root, "*/testdata/*.ir.json"))
	for _, file := range append(append(files, more...), named...) {
		if data, err := os.ReadFile(file); err == nil {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		doc, err := ir.Unmarshal(data)
		if err != nil {
			return
		}
		if len(doc.Pipelines) > 4 || len(data) > 1<<20 {
			return // keep each input cheap; size limits are the loader's concern
		}
		generate(t, doc, nil)
		for _, bp := range baselines(t, doc) {
			generate(t, doc, bp.prof)
		}
	})
}

// baselines are the synthesized profiles without variations: one per
// pipeline and engine.
func baselines(t *testing.T, doc *ir.Document) []boundProfile {
	var out []boundProfile
	for _, bp := range synthesized(t, newScratch(t), doc) {
		if !hasVariant(bp.name) {
			out = append(out, bp)
		}
	}
	return out
}

func hasVariant(name string) bool { return len(name) > 0 && name[len(name)-1] == ')' }

// generate plans doc bound to prof and runs everything downstream of the
// plan on it.
func generate(t *testing.T, doc *ir.Document, prof *profile.Profile) {
	m, l := planner.Plan(doc, prof, planner.Options{})
	gm := &gen.Model{Plan: m, Diagnostics: l}
	for _, g := range gen.Default().Group(gen.GroupContracts) {
		_, _ = g.Generate(context.Background(), gm)
	}
	for _, g := range gen.Default().Group(gen.GroupDocs) {
		_, _ = g.Generate(context.Background(), gm)
	}
	if l.HasErrors() {
		return
	}
	switch m.Engine {
	case profile.EnginePySpark:
		if _, err := pyspark.Generate(m); err != nil {
			t.Errorf("validate is clean but compile fails: %v", err)
		}
	case profile.EngineLocal:
		for _, pp := range m.Pipelines {
			if _, err := localengine.Open(m, pp.ID, &localengine.Env{}); err != nil {
				t.Errorf("validate is clean but the local engine does not open %s: %v", pp.ID, err)
			}
		}
	}
}
