package contracts

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/diag"
)

func TestRelativeTo(t *testing.T) {
	r := &LoadResult{
		Contracts: []Contract{{Pos: diag.Position{File: "/repo/pkg/a.go", Line: 1}, Fields: []Field{
			{Pos: diag.Position{File: "/repo/pkg/a.go", Line: 2}, Type: Type{Kind: KindArray, Elem: &Type{Kind: KindStruct,
				Fields: []Field{{Pos: diag.Position{File: "/repo/pkg/b.go", Line: 3}}}}}},
		}}},
		Packages:    []Package{{Dir: "/repo/pkg"}},
		Diagnostics: diag.List{{Pos: diag.Position{File: "/elsewhere/c.go"}, Message: "in /repo/pkg/a.go and /repo/pkg"}},
	}
	r.RelativeTo("/repo/pkg")
	got := []string{r.Contracts[0].Pos.File, r.Contracts[0].Fields[0].Pos.File,
		r.Contracts[0].Fields[0].Type.Elem.Fields[0].Pos.File, r.Packages[0].Dir,
		r.Diagnostics[0].Pos.File, r.Diagnostics[0].Message}
	want := []string{"a.go", "a.go", "b.go", ".", "/elsewhere/c.go", "in a.go and ."}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("relative paths (-want +got):\n%s", diff)
	}
}
