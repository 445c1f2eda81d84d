package profile

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
	"testing"
)

// TestCodesListsEveryConstant: every ETL code constant declared in
// codes.go is in Codes, which the fuzz test, explain and the docs read (the
// Iceberg codes ETL-P358..P361 were once declared and reported without
// being listed).
func TestCodesListsEveryConstant(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "codes.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range Codes {
		listed[c.Code] = true
	}
	declared := 0
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.HasPrefix(v, "ETL-") {
			return true
		}
		declared++
		if !listed[v] {
			t.Errorf("%s is declared in codes.go but not listed in Codes", v)
		}
		return true
	})
	if declared < len(Codes) {
		t.Errorf("codes.go declares %d codes, Codes lists %d", declared, len(Codes))
	}
}
