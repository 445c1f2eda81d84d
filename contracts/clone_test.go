package contracts

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestCloneIsDeep: changing anything a clone holds leaves the original as
// it was, nested struct and array element types included.
func TestCloneIsDeep(t *testing.T) {
	inner := Type{Kind: KindStruct, Fields: []Field{{Name: "key", Type: Type{Kind: KindString}}}}
	orig := &Contract{ID: "c", Fields: []Field{
		{Name: "a", Type: Type{Kind: KindString}, Constraints: []Constraint{{Kind: "max", Args: []string{"64"}}}, Examples: []string{"x"}, EventTime: true},
		{Name: "h", Type: Type{Kind: KindArray, Elem: &inner}},
	}}
	want := &Contract{ID: "c", Fields: []Field{
		{Name: "a", Type: Type{Kind: KindString}, Constraints: []Constraint{{Kind: "max", Args: []string{"64"}}}, Examples: []string{"x"}, EventTime: true},
		{Name: "h", Type: Type{Kind: KindArray, Elem: &Type{Kind: KindStruct, Fields: []Field{{Name: "key", Type: Type{Kind: KindString}}}}}},
	}}
	c := orig.Clone()
	if diff := cmp.Diff(want, c); diff != "" {
		t.Fatalf("clone differs (-want +got):\n%s", diff)
	}
	c.Fields[0].EventTime = false
	c.Fields[0].Constraints[0].Args[0] = "1"
	c.Fields[0].Examples[0] = "y"
	c.Fields[1].Type.Elem.Fields[0].Name = "changed"
	if diff := cmp.Diff(want, orig); diff != "" {
		t.Errorf("changing the clone changed the original (-want +got):\n%s", diff)
	}
}
