package infer_test

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/infer"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/ir/funccases"
	"github.com/google/go-cmp/cmp"
)

// TestFuncCasesTypes types the function cases Spark 4.1.1 answered
// (framework/ir/funccases): the inferred type is Spark's typeof, and a
// case Spark answers with an error (or etlgen records as refused) is
// refused, ETL-D229 unless the case names another code.
func TestFuncCasesTypes(t *testing.T) {
	cases, err := funccases.Spark41()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range cases {
		t.Run(c.Name(), func(t *testing.T) {
			e, err := c.Expr()
			if err != nil {
				t.Fatal(err)
			}
			s, diags := infer.Plan(project(e), inputs)
			if c.Error != "" {
				want := ir.CodeEngineDiffers
				if strings.HasPrefix(c.Error, "ETL-") {
					want = c.Error
				}
				if len(diags) != 1 || diags[0].Code != want {
					t.Errorf("diagnostics %v, want one %s (Spark: %s)", diags, want, c.Error)
				}
				return
			}
			if len(diags) > 0 {
				t.Fatalf("diagnostics: %v", diags)
			}
			want, err := funccases.ParseType(c.Type)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(want, s.Columns[0].Type); diff != "" {
				t.Errorf("type (-Spark +inferred):\n%s", diff)
			}
		})
	}
}
