package planner_test

import (
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

// TestRepartitionPassesThrough: a repartition is stateless and keeps every
// fact of its input: the example with a repartition before its aggregation
// plans exactly as the example (output modes, watermarks, stateful
// operators, late routing, state manifest), and the queries that read the
// step (its windows and the rows late for it) list the repartition.
func TestRepartitionPassesThrough(t *testing.T) {
	plain, plainDiags := planCorpusCase(t, "ok_example")
	repart, repartDiags := planCorpusCase(t, "ok_repartition_before_window")
	if len(plainDiags) != 0 || len(repartDiags) != 0 {
		t.Fatalf("diagnostics: %v / %v", plainDiags, repartDiags)
	}
	step := []planner.Repartition{{Step: "aggregate-customer-orders", Partitions: 8, Keys: []string{"customer_id"}}}
	wants := map[string][]planner.Repartition{"customer_order_windows": step, "late_order_events": step}
	for i := range repart.Pipelines[0].Queries {
		q := &repart.Pipelines[0].Queries[i]
		if diff := cmp.Diff(wants[q.Name], q.Repartitions); diff != "" {
			t.Errorf("query %s repartitions (-want +got):\n%s", q.Name, diff)
		}
		if q.LateHost != plain.Pipelines[0].Queries[i].LateHost || q.LateSource != plain.Pipelines[0].Queries[i].LateSource {
			t.Errorf("query %s late route %s/%s, want the example's", q.Name, q.LateHost, q.LateSource)
		}
		q.Repartitions = nil
	}
	a, err := plain.JSON()
	if err != nil {
		t.Fatal(err)
	}
	b, err := repart.JSON()
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(string(a), string(b)); diff != "" {
		t.Errorf("plan differs from the example's but for its repartitions (-example +repartitioned):\n%s", diff)
	}
	ma, _ := planner.NewManifest(plain).Marshal()
	mb, _ := planner.NewManifest(repart).Marshal()
	if diff := cmp.Diff(string(ma), string(mb)); diff != "" {
		t.Errorf("state manifest differs (-example +repartitioned):\n%s", diff)
	}
}

// planCorpusCase plans testdata/corpus/<name>.
func planCorpusCase(t *testing.T, name string) (*planner.Model, []string) {
	t.Helper()
	dir := filepath.Join("testdata/corpus", name)
	doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
	if err != nil {
		t.Fatal(err)
	}
	prof, pd := profile.Parse("profile.yaml", mustRead(t, filepath.Join(dir, "profile.yaml")))
	if pd.HasErrors() {
		t.Fatal(pd)
	}
	m, l := planner.Plan(doc, prof, planner.Options{})
	return m, l.Codes()
}
