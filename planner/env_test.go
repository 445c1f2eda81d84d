package planner

import (
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestPlanBinding plans a one-load pipeline against small profiles: the
// checkpoint location, the profile's own checks and the forced output mode.
func TestPlanBinding(t *testing.T) {
	doc := oneLoadDoc("2.1.0")
	profileOf := func(name, root string) *profile.Profile {
		y := "name: " + name + "\nengine: pyspark\nexecution:\n  mode: structured-streaming\n"
		if root != "" {
			y += "  checkpoint_root: " + root + "\n"
		}
		y += "resources:\n  spark: {connect_url: \"sc://127.0.0.1:15002\"}\n  kafka: {bootstrap_servers: \"127.0.0.1:9092\"}\n" +
			"assets:\n  in: {plugin: kafka-json, resource: kafka, topic: topic}\n  out: {plugin: delta, table: t}\n"
		p, _ := profile.Parse("p.yaml", []byte(y))
		return p
	}
	tests := []struct {
		name  string
		prof  *profile.Profile
		opts  Options
		codes []string
		cp    string
	}{
		{"ok", profileOf("prod", "/cp"), Options{}, nil, "/cp/p/v2/prod/out"},
		// Parse reports the missing key (ETL-P304); Bind adds nothing about it
		{"no checkpoint root", profileOf("prod", ""), Options{}, nil, "/p/v2/prod/out"},
		{"empty checkpoint root", profileOf("prod", `""`), Options{}, []string{profile.CodeCheckpointRoot}, "/p/v2/prod/out"},
		{"forced complete", profileOf("prod", "/cp"), Options{OutputModes: map[string]string{"out": ModeComplete}},
			[]string{CodeCompleteNoAgg, CodeSinkOutputMode}, "/cp/p/v2/prod/out"},
		{"no rules", profileOf("prod", "/cp"), Options{Rules: []Rule{}}, nil, "/cp/p/v2/prod/out"},
		{"no profile", nil, Options{}, nil, "/p/v2//out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, l := Plan(doc, tt.prof, tt.opts)
			var codes []string
			for _, d := range l {
				if d.Severity == diag.Error || d.Severity == "" {
					codes = append(codes, d.Code)
				}
			}
			if diff := cmp.Diff(tt.codes, codes, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
			if got := m.Pipelines[0].Queries[0].Checkpoint; got != tt.cp {
				t.Errorf("checkpoint = %q, want %q", got, tt.cp)
			}
		})
	}
}

// TestMergeDiags: the DSL's diagnostic at a position hides the planner's
// definition diagnostic there; identical diagnostics appear once.
func TestMergeDiags(t *testing.T) {
	at := diag.Position{File: "p.go", Line: 3}
	dsl := diag.List{{Code: "ETL-D210", Severity: diag.Error, Pos: at, Message: "bad"}}
	mine := diag.List{
		{Code: CodeBadDuration, Severity: diag.Error, Pos: at, Message: "bad too"},
		{Code: CodeSortOnStream, Severity: diag.Error, Pos: at, Message: "sort"},
		{Code: CodeSortOnStream, Severity: diag.Error, Pos: at, Message: "sort"},
	}
	got := mergeDiags(dsl, mine).Codes()
	if diff := cmp.Diff([]string{"ETL-D210", CodeSortOnStream}, got); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
}

// TestPlanWithoutProfile: a nil profile runs the definition and streaming
// rules only.
func TestPlanWithoutProfile(t *testing.T) {
	doc := &ir.Document{IRVersion: ir.Version, Pipelines: []ir.Pipeline{{ID: "p", Version: "1.0.0",
		Extracts: []ir.Extract{{Asset: "in", Contract: "c"}},
		Loads:    []ir.Load{{Asset: "out", From: ir.Ref{Node: "ghost", Port: ir.PortOut}, Contract: "c"}}}}}
	m, l := Plan(doc, nil, Options{})
	if diff := cmp.Diff([]string{CodeDanglingRef}, l.Codes()); diff != "" {
		t.Errorf("codes (-want +got):\n%s", diff)
	}
	if len(m.Pipelines) != 1 || len(m.Pipelines[0].Queries) != 1 {
		t.Errorf("model = %+v, want one pipeline with one query", m)
	}
}

// oneLoadDoc is pipeline p (version): extract "in" of contract c, its
// valid rows loaded into "out".
func oneLoadDoc(version string) *ir.Document {
	c := contracts.Contract{ID: "c", Fields: []contracts.Field{{Name: "id", Type: contracts.Type{Kind: contracts.KindString}, Required: true}}}
	return &ir.Document{IRVersion: ir.Version, Contracts: []contracts.Contract{c}, Pipelines: []ir.Pipeline{{ID: "p", Version: version,
		Extracts: []ir.Extract{{Asset: "in", Contract: "c"}},
		Loads:    []ir.Load{{Asset: "out", From: ir.Ref{Node: "in", Port: ir.PortValid}, Contract: "c"}}}}}
}
