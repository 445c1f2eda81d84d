package gen

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// TestEveryConstraintKindMaps: every validate tag of the contracts
// vocabulary maps to an ODCS logical-type option or a quality rule with
// structure (library or sql), never to a text rule that quotes the tag.
func TestEveryConstraintKindMaps(t *testing.T) {
	for _, k := range contracts.ConstraintKinds() {
		t.Run(string(k), func(t *testing.T) {
			_, mapped := constraintRules[k]
			if !mapped && !k.IsBound() {
				t.Fatalf("validate tag %s has no ODCS mapping: add it to constraintRules", k)
			}
			spec, _ := k.Spec()
			f := contracts.Field{Name: "f", Type: contracts.Type{Kind: contracts.KindString}}
			if k.IsBound() {
				f.Type.Kind = contracts.KindInt64
			}
			c := contracts.Constraint{Kind: k}
			switch spec.Arg {
			case contracts.ConstraintArgOne:
				c.Args = []string{"1"}
			case contracts.ConstraintArgList:
				c.Args = []string{"a", "b"}
			}
			f.Constraints = []contracts.Constraint{c}
			p := propertyOf(f)
			for _, q := range p.Quality {
				if q.Type == "text" || strings.Contains(q.Description, "validate:") {
					t.Errorf("validate tag %s leaks as a text rule: %+v", k, q)
				}
			}
			if k != contracts.ConstraintOmitEmpty && p.LogicalTypeOptions == nil && len(p.Quality) == 0 {
				if k != contracts.ConstraintRequired || f.Type.Kind == contracts.KindString {
					t.Errorf("validate tag %s maps to nothing on a %s field", k, f.Type.Kind)
				}
			}
		})
	}
}
