package gen

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/goload"
	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/internal/golden"
	"github.com/etlgen/etlgen/planner"
)

// exampleDir is the order-streaming example, relative to this package.
const exampleDir = "../examples/order-streaming"

// loadExample loads the example's contracts from Go source.
func loadExample(t *testing.T) *Model {
	t.Helper()
	res, err := goload.Load(context.Background(), exampleDir, ".")
	if err != nil {
		t.Fatal(err)
	}
	if res.Diagnostics.HasErrors() {
		t.Fatalf("example contracts are invalid:\n%v", res.Diagnostics.Err())
	}
	m, err := FromLoad(res, exampleDir)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// TestExampleGeneratedFilesAreCurrent fails when the example's committed
// zz_etlgen.go or contract files differ from what go generate writes. Under
// -update it also refreshes testdata/order_streaming/model.json, the loader's
// view of the example used by the golden test.
func TestExampleGeneratedFilesAreCurrent(t *testing.T) {
	m := loadExample(t)
	check := func(m *Model, group, root string) {
		sink := &CheckSink{Root: root}
		if _, err := Run(context.Background(), Default().Group(group), m, sink); err != nil {
			t.Fatal(err)
		}
		if err := sink.Err(); err != nil {
			t.Errorf("%v: run go generate ./... in %s", err, exampleDir)
		}
	}
	check(m, GroupGo, exampleDir)
	full := *m // contracts and docs also need the pipelines, bound as go:generate binds them
	addExamplePlan(t, &full)
	check(&full, GroupContracts, filepath.Join(exampleDir, "contracts"))
	check(&full, GroupDocs, filepath.Join(exampleDir, "docs"))
	if golden.Update() {
		data, err := json.MarshalIndent(m, "", "  ")
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("testdata/order_streaming/model.json", append(data, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestExampleRegistryMatchesLoader proves that the generated init functions
// register exactly the model the loader built from source (positions aside).
func TestExampleRegistryMatchesLoader(t *testing.T) {
	m := loadExample(t)
	types := map[string]func() (*contracts.Contract, bool){
		"order-event":           contracts.Of[orderstreaming.OrderEvent],
		"rejected-order-event":  contracts.Of[orderstreaming.RejectedOrderEvent],
		"customer-order-window": contracts.Of[orderstreaming.CustomerOrderWindow],
		"late-order-event":      contracts.Of[orderstreaming.LateOrderEvent],
	}
	loaded := m.Contracts()
	if len(loaded) != len(types) {
		t.Fatalf("loaded %d contracts, want %d", len(loaded), len(types))
	}
	ignorePos := cmp.FilterPath(func(p cmp.Path) bool {
		sf, ok := p.Last().(cmp.StructField)
		return ok && sf.Name() == "Pos"
	}, cmp.Ignore())
	for _, want := range loaded {
		got, ok := types[want.ID]()
		if !ok {
			t.Errorf("%s: not registered", want.ID)
			continue
		}
		if diff := cmp.Diff(want, *got, ignorePos); diff != "" {
			t.Errorf("%s: registered model differs from the loaded one (-loaded +registered):\n%s", want.ID, diff)
		}
	}
}

// addExamplePlan adds the plan of the example's pipeline IR, bound to the
// Spark profile its go:generate line names, to m.
func addExamplePlan(t *testing.T, m *Model) {
	t.Helper()
	doc, err := irload.Load(context.Background(), exampleDir, ".")
	if err != nil {
		t.Fatal(err)
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	doc.Relativize(root)
	prof, diags, err := profile.Load(filepath.Join(exampleDir, "profiles", "spark.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatalf("load spark profile: %v %v", err, diags)
	}
	plan, pdiags := planner.Plan(doc, prof, planner.Options{})
	m.Plan, m.Diagnostics = plan, pdiags
}
