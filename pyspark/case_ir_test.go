package pyspark_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/internal/golden"
)

// exampleCases are the golden cases whose ir.json is the IR of an example
// of the repository, by case directory under testdata.
var exampleCases = map[string]string{"min_max_by": "examples/order-status"}

// TestCaseIRs: a golden case written as a Go package (its *.go files), or
// taken from an example (exampleCases), commits the IR `etlgen ir` prints
// of it as ir.json, positions relative to the module root; -update
// rewrites it.
func TestCaseIRs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*", "pipeline.go"))
	if len(files) == 0 {
		t.Fatal("no golden case written as a Go package")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{} // case directory → the Go package of its pipeline
	for _, f := range files {
		cases[filepath.Dir(f)] = filepath.Dir(f)
	}
	for dir, pkg := range exampleCases {
		cases[filepath.Join("testdata", dir)] = filepath.Join("..", pkg)
	}
	for dir, pkg := range cases {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			doc, err := irload.Load(context.Background(), pkg, ".")
			if err != nil {
				t.Fatal(err)
			}
			if doc.Diagnostics.HasErrors() {
				t.Fatalf("DSL diagnostics: %v", doc.Diagnostics)
			}
			doc.Relativize(root)
			data, err := ir.Marshal(doc)
			if err != nil {
				t.Fatal(err)
			}
			golden.Check(t, filepath.Join(dir, "ir.json"), data)
		})
	}
}
