package gen

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime/debug"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
)

// TestGeneratorsNeverPanic runs every generator of Default over the model
// of every planner corpus case — the error cases included (a load naming
// a missing node, a cycle, unbound inputs) — bound to its profile and
// unbound, with the document's contracts as a package. A generator may
// refuse a model with errors; it must never panic on one.
func TestGeneratorsNeverPanic(t *testing.T) {
	irs, err := filepath.Glob("../planner/testdata/corpus/*/ir.json")
	if err != nil || len(irs) < 30 {
		t.Fatalf("corpus: %d cases, %v", len(irs), err)
	}
	var gens []Generator
	_ = Default().Walk(func(g Generator) error { gens = append(gens, g); return nil })
	for _, path := range irs {
		dir := filepath.Dir(path)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			doc, err := ir.Unmarshal(data)
			if err != nil {
				t.Skipf("not an IR document: %v", err)
			}
			prof, _, err := profile.Load(filepath.Join(dir, "profile.yaml"))
			if err != nil {
				t.Fatal(err)
			}
			for _, bound := range []*profile.Profile{prof, nil} {
				m := planned(doc, bound)
				m.Packages = []Package{{Path: doc.Package, Name: "corpus", Contracts: doc.Contracts}}
				for _, g := range gens {
					if msg := generatePanics(g, m); msg != "" {
						t.Errorf("%s (bound: %t) panics: %s", g.Name(), bound != nil, msg)
					}
				}
			}
		})
	}
}

// generatePanics runs g on m and returns the panic and its stack, "" when
// it returned (with files or an error).
func generatePanics(g Generator, m *Model) (msg string) {
	defer func() {
		if r := recover(); r != nil {
			msg = fmt.Sprintf("%v\n%s", r, debug.Stack())
		}
	}()
	_, _ = g.Generate(context.Background(), m)
	return ""
}
