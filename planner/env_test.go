package planner

import (
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"
)

// TestPlanEnv plans a one-load pipeline with a hand-built Env: no profile,
// only the planner's own rules.
func TestPlanEnv(t *testing.T) {
	doc := &ir.Document{IRVersion: ir.Version, Pipelines: []ir.Pipeline{{ID: "p", Version: "2.1.0",
		Extracts: []ir.Extract{{Asset: "in", Contract: "c"}},
		Loads:    []ir.Load{{Asset: "out", From: ir.Ref{Node: "in", Port: ir.PortValid}, Contract: "c"}}}}}
	sink := AssetBinding{Asset: "out", Plugin: "delta", WriteMode: "append", OutputModes: []string{ModeAppend}, Identity: "t", TxnIDs: true}
	src := AssetBinding{Asset: "in", Plugin: "kafka-json", Identity: "topic"}
	tests := []struct {
		name  string
		env   *Env
		opts  Options
		codes []string
		cp    string
	}{
		{"ok", &Env{Profile: "prod", CheckpointRoot: "/cp", Assets: map[string]AssetBinding{"in": src, "out": sink}}, Options{}, nil, "/cp/p/v2/prod/out"},
		{"no checkpoint root", &Env{Profile: "prod", Assets: map[string]AssetBinding{"in": src, "out": sink}}, Options{}, []string{CodeNoCheckpointRoot}, "/p/v2/prod/out"},
		{"unsafe profile name", &Env{Profile: "my prod", CheckpointRoot: "/cp", Assets: map[string]AssetBinding{"in": src, "out": sink}}, Options{}, []string{CodeUnsafeQueryName}, "/cp/p/v2/my prod/out"},
		{"forced complete", &Env{Profile: "prod", CheckpointRoot: "/cp", Assets: map[string]AssetBinding{"in": src, "out": sink}},
			Options{OutputModes: map[string]string{"out": ModeComplete}}, []string{CodeCompleteNoAgg, CodeSinkOutputMode}, "/cp/p/v2/prod/out"},
		{"no rules", &Env{Profile: "prod", Assets: map[string]AssetBinding{}}, Options{Rules: []Rule{}}, nil, "/p/v2/prod/out"},
		{"no profile", &Env{}, Options{}, nil, "/p/v2//out"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, l := PlanEnv(doc, tt.env, tt.opts)
			if diff := cmp.Diff(tt.codes, l.Codes(), cmpopts.EquateEmpty()); diff != "" {
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
