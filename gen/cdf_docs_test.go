package gen

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestCDFDocsParseWithMermaid: the example's generated CDF diagrams (the
// ones docs/cdf.md shows) parse with mermaid's parser, as a flowchart and a
// sequence diagram.
func TestCDFDocsParseWithMermaid(t *testing.T) {
	data, err := os.ReadFile("../examples/customer-cdf/docs/customer-cdf.cdf.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := regexp.MustCompile("(?s)```mermaid\n(.*?)```").FindAllStringSubmatch(string(data), -1)
	if len(blocks) != 2 {
		t.Fatalf("found %d mermaid blocks, want 2 (data flow, checkpoint lifecycle)", len(blocks))
	}
	var files []string
	for i, b := range blocks {
		f := filepath.Join(t.TempDir(), "cdf"+string(rune('0'+i))+".mmd")
		if err := os.WriteFile(f, []byte(b[1]), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	out, err := parseMermaid(t, files...)
	if err != nil {
		t.Fatalf("mermaid rejected the CDF diagrams: %v\n%s", err, out)
	}
	if !strings.Contains(out, "flowchart") || !strings.Contains(out, "sequence") || strings.Count(out, "ok ") != 2 {
		t.Errorf("mermaid output:\n%s", out)
	}
}

// TestCDFDocsOnlyForChangeMerges: pipelines without a CDF MERGE get no
// diagrams; one with a CDF MERGE query gets both, with its checkpoint,
// keys, starting version and the change-filter step named as such.
func TestCDFDocsOnlyForChangeMerges(t *testing.T) {
	filter := &ir.Node{Op: ir.OpFilter, Predicate: &ir.Expr{Kind: ir.ExprCall, Name: "=", Args: []*ir.Expr{
		{Kind: ir.ExprColumn, Name: ir.ColChangeType}, {Kind: ir.ExprLiteral, Value: "delete"}}}}
	doc := &ir.Document{Pipelines: []ir.Pipeline{
		{ID: "plain", Version: "1.0.0"},
		{ID: "cdf", Version: "2.0.0", Steps: []ir.Step{{ID: "keep", Transformation: "keep-deletes", Plan: filter}}},
	}}
	plan := &planner.Model{Pipelines: []planner.PipelinePlan{
		{ID: "plain", Queries: []planner.Query{{Name: "out", Sources: []string{"in"}}}},
		{ID: "cdf", Sources: []planner.Source{{Asset: "changes", Plugin: "delta-cdf", Identity: "raw.t",
			Options: []planner.Option{{Name: "startingVersion", Value: "7"}}}},
			Queries: []planner.Query{{Name: "target", Sources: []string{"changes"}, Steps: []string{"keep"},
				Checkpoint: "/ck/cdf/v2/p/target", Trigger: profile.Trigger{Type: "available-now"},
				Sink: planner.Sink{Identity: "cur.t", Changes: &planner.ChangeMerge{Target: "t", Keys: []string{"id"}}}}}},
	}}
	files, err := CDFDocs{}.Generate(context.Background(), &Model{IR: doc, Plan: plan})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 1 || files[0].Path != "cdf.cdf.md" {
		t.Fatalf("files = %v, want only cdf.cdf.md", files)
	}
	got := string(files[0].Data)
	for _, want := range []string{"Change filter: keep-deletes", "keys id", "startingVersion=7", "Checkpoint /ck/cdf/v2/p/target",
		"Use startingVersion=7", "Streaming query target (available-now)", "SINK -->|\"MERGE\"| TGT"} {
		if !strings.Contains(got, want) {
			t.Errorf("diagrams lack %q:\n%s", want, got)
		}
	}
}
