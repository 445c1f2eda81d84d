package planner_test

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with the file, or rewrites it under -update.
func golden(t *testing.T, path string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}

// TestPlanGolden renders the plan of the corpus's ok cases, as text and
// JSON, and their state manifests; planning twice gives the same bytes.
func TestPlanGolden(t *testing.T) {
	for _, name := range []string{"ok_example", "ok_static_left_join", "several_watermarks_note"} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := filepath.Join("testdata/corpus", name)
			doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
			if err != nil {
				t.Fatal(err)
			}
			prof, pd := profile.Parse("profile.yaml", mustRead(t, filepath.Join(dir, "profile.yaml")))
			if pd.HasErrors() {
				t.Fatal(pd)
			}
			m, _ := planner.Plan(doc, prof, planner.Options{})
			js, err := m.JSON()
			if err != nil {
				t.Fatal(err)
			}
			man, err := planner.NewManifest(m).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			out := filepath.Join("testdata/golden", name)
			if err := os.MkdirAll(out, 0o755); err != nil {
				t.Fatal(err)
			}
			golden(t, filepath.Join(out, "plan.txt"), []byte(m.Text()))
			golden(t, filepath.Join(out, "plan.json"), js)
			golden(t, filepath.Join(out, "manifest.json"), man)
			again, _ := planner.Plan(doc, prof, planner.Options{})
			if again.Text() != m.Text() {
				t.Error("planning twice gave different plans")
			}
		})
	}
}
