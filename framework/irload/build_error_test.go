package irload

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
)

// TestParseBuildError: compile errors of a package are a BuildError with
// absolute positions; a module problem (which also names a file) is not.
func TestParseBuildError(t *testing.T) {
	tests := []struct {
		name, output string
		want         []CompileError
	}{
		{"compile errors", "# example.com/p/pipes\npipes/p.go:14:36: x.Stauts undefined\npipes/q.go:3: syntax error\n", []CompileError{
			{Pos: diag.Position{File: "/m/pipes/p.go", Line: 14, Column: 36}, Message: "x.Stauts undefined"},
			{Pos: diag.Position{File: "/m/pipes/q.go", Line: 3}, Message: "syntax error"},
		}},
		{"a //line file", "# example.com/p/pipes\n./docs/dsl.md:40: o.OrderTotl undefined\n", []CompileError{
			{Pos: diag.Position{File: "/m/docs/dsl.md", Line: 40}, Message: "o.OrderTotl undefined"},
		}},
		{"missing go.sum entry", "pipes/p.go:5:2: missing go.sum entry for module providing package github.com/dave/jennifer/jen", nil},
		{"no such package", "stat /m/nope: directory not found", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			be := parseBuildError("example.com/p/pipes", "/m", tt.output)
			var got []CompileError
			if be != nil {
				got = be.Errors
				if d := be.Diagnostics(); len(d) != len(got) || d[0].Code != ir.CodeDoesNotCompile || diag.ClassOf(d[0].Code) != diag.ClassInvalidModel {
					t.Errorf("diagnostics %v", d)
				}
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}
