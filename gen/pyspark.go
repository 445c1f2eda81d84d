package gen

import (
	"context"

	"github.com/etlgen/etlgen/pyspark"
)

// PySpark is the Spark engine's generator: one PySpark Structured
// Streaming program per pipeline (a Spark Connect client) and the runtime
// module they import, from the plan alone (package pyspark renders them).
type PySpark struct{}

// Name returns "pyspark".
func (PySpark) Name() string { return "pyspark" }

// Spec describes the generator.
func (PySpark) Spec() Spec {
	return Spec{
		Summary: "PySpark Structured Streaming programs of the pipelines (Spark engine)",
		Group:   GroupCompile,
		Outputs: "<pipeline>.py per pipeline, " + pyspark.RuntimePackage + "/*.py",
		Owns:    []string{"*.py", pyspark.RuntimePackage + "/*.py"},
	}
}

// Generate renders the programs of every planned pipeline when the plan is
// bound to a profile of the pyspark engine; otherwise there is nothing to
// compile and it returns no files.
func (PySpark) Generate(_ context.Context, m *Model) ([]File, error) {
	if m.Plan == nil || !m.Plan.OnSpark {
		return nil, nil
	}
	files, err := pyspark.Generate(m.Plan)
	if err != nil {
		return nil, err
	}
	out := make([]File, len(files))
	for i, f := range files {
		out[i] = File{Path: f.Path, Data: f.Data}
	}
	return out, nil
}
