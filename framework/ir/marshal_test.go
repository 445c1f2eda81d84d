package ir_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/google/go-cmp/cmp"
)

func TestMarshalSortsAndKeepsInput(t *testing.T) {
	doc := &ir.Document{
		Contracts:       []contracts.Contract{{ID: "b"}, {ID: "a"}},
		Transformations: []ir.Transformation{{ID: "t2"}, {ID: "t1"}},
		Pipelines:       []ir.Pipeline{{ID: "p2"}, {ID: "p1"}},
		Diagnostics: diag.List{
			{Code: "ETL-D2", Pos: diag.Position{File: "b.go", Line: 1}},
			{Code: "ETL-D1", Pos: diag.Position{File: "a.go", Line: 9}},
		},
	}
	b, err := ir.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for _, pair := range [][2]string{{`"id": "a"`, `"id": "b"`}, {`"t1"`, `"t2"`}, {`"p1"`, `"p2"`}, {"ETL-D1", "ETL-D2"}} {
		if strings.Index(s, pair[0]) > strings.Index(s, pair[1]) {
			t.Errorf("%s should come before %s", pair[0], pair[1])
		}
	}
	if !strings.Contains(s, `"irVersion": "etlgen.ir/v1"`) || !strings.HasSuffix(s, "}\n") {
		t.Errorf("document lacks its version or final newline:\n%s", s)
	}
	if doc.Contracts[0].ID != "b" || doc.Diagnostics[0].Code != "ETL-D2" {
		t.Error("Marshal reordered the caller's document")
	}
}

func TestUnmarshalChecksVersion(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"not json", "{", "unmarshal ir document"},
		{"old version", `{"irVersion":"etlgen.ir/v0"}`, `version "etlgen.ir/v0"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ir.Unmarshal([]byte(tt.in))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error = %v, want one containing %q", err, tt.want)
			}
		})
	}
}

func TestRelativize(t *testing.T) {
	doc := &ir.Document{
		Transformations: []ir.Transformation{{ID: "t", Pos: diag.Position{File: "/repo/x/t.go", Line: 3},
			Plan: &ir.Node{Op: ir.OpIntoOutput, Pos: diag.Position{File: "/repo/x/t.go", Line: 4},
				Inputs: []*ir.Node{{Op: ir.OpInput, Pos: diag.Position{File: "/elsewhere/y.go", Line: 1}}}}}},
		Pipelines: []ir.Pipeline{{ID: "p", Pos: diag.Position{File: "/repo/p.go"},
			Extracts: []ir.Extract{{Pos: diag.Position{File: "/repo/p.go"}}}}},
		Diagnostics: diag.List{{Pos: diag.Position{File: "/repo/x/t.go"}}},
	}
	doc.Relativize("/repo")
	got := []string{doc.Transformations[0].Pos.File, doc.Transformations[0].Plan.Pos.File,
		doc.Transformations[0].Plan.Inputs[0].Pos.File, doc.Pipelines[0].Pos.File,
		doc.Pipelines[0].Extracts[0].Pos.File, doc.Diagnostics[0].Pos.File}
	want := []string{"x/t.go", "x/t.go", "/elsewhere/y.go", "p.go", "p.go", "x/t.go"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("position %d = %s, want %s", i, got[i], want[i])
		}
	}
}

// TestMarshalCompactIsLinear: a deep plan's compact JSON grows linearly
// with its depth (indented JSON grows quadratically), and round-trips.
func TestMarshalCompactIsLinear(t *testing.T) {
	deep := func(n int) *ir.Document {
		plan := &ir.Node{Op: ir.OpInput, Input: "in"}
		for range n {
			plan = &ir.Node{Op: ir.OpFilter, Inputs: []*ir.Node{plan}, Predicate: &ir.Expr{Kind: ir.ExprColumn, Name: "ok"}}
		}
		return &ir.Document{IRVersion: ir.Version, Transformations: []ir.Transformation{{ID: "deep", Plan: plan}}}
	}
	small, err := ir.MarshalCompact(deep(100))
	if err != nil {
		t.Fatal(err)
	}
	big, err := ir.MarshalCompact(deep(2000))
	if err != nil {
		t.Fatal(err)
	}
	if ratio := float64(len(big)) / float64(len(small)); ratio > 25 {
		t.Errorf("compact JSON of 2000 vs 100 operators: %d vs %d bytes (×%.1f), want about ×20", len(big), len(small), ratio)
	}
	doc, err := ir.Unmarshal(big)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := ir.MarshalCompact(doc)
	if string(again) != string(big) {
		t.Error("compact IR does not round-trip")
	}
}

// TestMarshalRepartition: a repartition's partition count and keys are
// written under their own names and survive a round trip.
func TestMarshalRepartition(t *testing.T) {
	tests := []struct {
		name string
		node *ir.Node
		want []string // substrings of the compact JSON
	}{
		{"by keys", &ir.Node{Op: ir.OpRepartition, Partitions: 8, Keys: []string{"customer_id", "a b"}},
			[]string{`"op":"repartition"`, `"keys":["customer_id","a b"]`, `"partitions":8`}},
		{"round robin", &ir.Node{Op: ir.OpRepartition, Partitions: 1},
			[]string{`"op":"repartition"`, `"partitions":1`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.node.Inputs = []*ir.Node{{Op: ir.OpInput, Input: "in"}}
			doc := &ir.Document{IRVersion: ir.Version, Transformations: []ir.Transformation{{ID: "t", Plan: tt.node}}}
			b, err := ir.MarshalCompact(doc)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.want {
				if !strings.Contains(string(b), w) {
					t.Errorf("JSON lacks %s:\n%s", w, b)
				}
			}
			back, err := ir.Unmarshal(b)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.node, back.Transformations[0].Plan); diff != "" {
				t.Errorf("round trip (-want +got):\n%s", diff)
			}
		})
	}
}
