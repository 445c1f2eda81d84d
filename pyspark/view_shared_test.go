package pyspark_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
)

// diamondDoc is the example with n steps before its aggregation, each the
// union of the previous step with itself: the aggregation reads the source
// along 2^n paths.
func diamondDoc(t *testing.T, n int) *ir.Document {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "order-streaming.ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		t.Fatal(err)
	}
	p := &doc.Pipelines[0]
	agg := p.Steps[0]
	union := &ir.Node{Op: ir.OpUnion, Inputs: []*ir.Node{{Op: ir.OpInput, Input: "a"}, {Op: ir.OpInput, Input: "b"}}}
	doc.Transformations = append(doc.Transformations, ir.Transformation{ID: "self-union",
		Inputs:  []ir.Port{{Name: "a", Contract: "order-event"}, {Name: "b", Contract: "order-event"}},
		Outputs: []ir.Port{{Name: "out", Contract: "order-event"}}, Plan: union})
	prev := ir.Ref{Node: "order_events", Port: ir.PortValid}
	var steps []ir.Step
	for i := range n {
		id := fmt.Sprintf("union-%d", i)
		steps = append(steps, ir.Step{ID: id, Transformation: "self-union", Plan: union,
			Inputs: []ir.Binding{{Input: "a", From: prev}, {Input: "b", From: prev}}})
		prev = ir.Ref{Node: id, Port: ir.PortOut}
	}
	agg.Inputs = []ir.Binding{{Input: agg.Inputs[0].Input, From: prev}}
	p.Steps = append(steps, agg)
	return doc
}

// TestDiamondProgramLinear: the program of a diamond grows by a step
// function and an assignment per step (each shared stream computed once
// into a local), not by a doubling expression: 40 steps would otherwise
// write 2^40 calls.
func TestDiamondProgramLinear(t *testing.T) {
	prof, diags, err := profile.Load(filepath.Join("testdata", "diamond", "profile.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	size := map[int]int{}
	for _, n := range []int{10, 40} {
		// The planner refuses so many paths to one source (ETL-S424, Spark
		// Connect expands them); the generator must stay linear all the same.
		m, diags := planner.Plan(diamondDoc(t, n), prof, planner.Options{})
		for _, d := range diags {
			if d.Severity == diag.Error && d.Code != planner.CodeExpandedPlan {
				t.Fatalf("plan: %v", d)
			}
		}
		files, err := pyspark.Generate(m)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if !pyspark.IsRuntimeFile(f.Path) {
				size[n] = len(f.Data)
				if want := fmt.Sprintf("shared_%d = step_union_%d(shared_%d, shared_%d)", n, n-2, n-1, n-1); !strings.Contains(string(f.Data), want) {
					t.Errorf("n=%d: the query does not compute the shared streams once (%q missing)", n, want)
				}
			}
		}
	}
	perStep := float64(size[40]-size[10]) / 30
	if perStep > 2000 {
		t.Errorf("program grows by %.0f bytes per diamond step (%d bytes at 10, %d at 40), want a step's function and assignment",
			perStep, size[10], size[40])
	}
}
