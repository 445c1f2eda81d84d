package etl_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestDSLReferenceComplete: docs/dsl.md mentions every exported function of
// package etl by name, and every exported method of an exported type as
// .Method (in code or prose), so the DSL reference stays complete.
func TestDSLReferenceComplete(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "..", "docs", "dsl.md"))
	if err != nil {
		t.Fatalf("read the DSL reference: %v", err)
	}
	names := exportedAPI(t)
	if len(names) < 100 {
		t.Fatalf("found %d exported functions and methods; the parse is broken", len(names))
	}
	doc := string(data)
	for _, n := range names {
		word := `(^|[^A-Za-z0-9_])` + n // a function: its name as a word
		if i := strings.LastIndex(n, "."); i >= 0 {
			word = `\.` + n[i+1:] // a method: .Method
		}
		if !regexp.MustCompile(word + `([^A-Za-z0-9_]|$)`).MatchString(doc) {
			t.Errorf("docs/dsl.md does not mention %s", n)
		}
	}
}

// exportedAPI lists the exported functions (Name) and the exported methods
// of exported types (Type.Method) of the package's non-test files.
func exportedAPI(t *testing.T) []string {
	t.Helper()
	pkgs, err := parser.ParseDir(token.NewFileSet(), ".", func(fi os.FileInfo) bool {
		return !strings.HasSuffix(fi.Name(), "_test.go")
	}, 0)
	if err != nil {
		t.Fatalf("parse package etl: %v", err)
	}
	var out []string
	for _, f := range pkgs["etl"].Files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() {
				continue
			}
			if fd.Recv == nil {
				out = append(out, fd.Name.Name)
				continue
			}
			if recv := receiverType(fd.Recv.List[0].Type); ast.IsExported(recv) {
				out = append(out, recv+"."+fd.Name.Name)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// receiverType is the type name of a receiver: T, *T, T[X], *T[X, Y].
func receiverType(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiverType(x.X)
	case *ast.IndexExpr:
		return receiverType(x.X)
	case *ast.IndexListExpr:
		return receiverType(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}
