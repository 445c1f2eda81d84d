package planner_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/internal/golden"
	"github.com/etlgen/etlgen/planner"
)

// TestPlanGolden renders the plan of the corpus's ok cases, as text and
// JSON, and their state manifests; planning twice gives the same bytes.
func TestPlanGolden(t *testing.T) {
	for _, name := range []string{"ok_example", "ok_static_left_join", "several_watermarks_note", "ok_repartition_before_window"} {
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
			golden.Check(t, filepath.Join(out, "plan.txt"), []byte(m.Text()))
			golden.Check(t, filepath.Join(out, "plan.json"), js)
			golden.Check(t, filepath.Join(out, "manifest.json"), man)
			again, _ := planner.Plan(doc, prof, planner.Options{})
			if again.Text() != m.Text() {
				t.Error("planning twice gave different plans")
			}
		})
	}
}
