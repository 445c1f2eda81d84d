package gen

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/irload"
	"github.com/etlgen/etlgen/internal/golden"
)

// TestCaseIRs: a pipeline golden case written as a Go package (its *.go
// files) commits the IR `etlgen ir` prints of it as ir.json, positions
// relative to the module root; -update rewrites it.
func TestCaseIRs(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "pipeline_*", "pipeline.go"))
	if len(files) == 0 {
		t.Fatal("no pipeline golden case written as a Go package")
	}
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		dir := filepath.Dir(f)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			doc, err := irload.Load(context.Background(), dir, ".")
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
