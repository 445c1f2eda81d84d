package gen

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/etlgen/etlgen/contracts"
)

// applySchemaConstraint maps one validator constraint onto a JSON Schema.
// Constraints JSON Schema cannot express (lowercase, uppercase) are left to
// the contract's validation.
func applySchemaConstraint(s *jsonschema.Schema, k contracts.Kind, c contracts.Constraint) {
	arg := strings.Join(c.Args, " ")
	bound := c.Kind.IsBound() && c.Kind.AppliesTo(k)
	switch {
	case bound && c.Kind.IsLengthBound(k):
		lengthBound(s, k, c.Kind, arg)
	case bound:
		numberBound(c.Kind, json.Number(arg), &s.Minimum, &s.ExclusiveMinimum, &s.Maximum, &s.ExclusiveMaximum)
	case c.Kind == contracts.ConstraintRequired && k == contracts.KindString:
		s.MinLength = ptr(uint64(1))
	case c.Kind == contracts.ConstraintOneOf:
		for _, v := range c.Args {
			s.Enum = append(s.Enum, v)
		}
	default:
		stringFormat(s, c.Kind, c.Args)
	}
}

// lengthBound sets a string length or array size bound.
func lengthBound(s *jsonschema.Schema, k contracts.Kind, tag contracts.ConstraintKind, arg string) {
	n, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		return
	}
	lo, hi := &s.MinLength, &s.MaxLength
	if k == contracts.KindArray {
		lo, hi = &s.MinItems, &s.MaxItems
	}
	if !tag.UpperBound() { // min, len
		*lo = ptr(n)
	}
	if !tag.LowerBound() { // max, len
		*hi = ptr(n)
	}
}

// stringFormat sets the format or pattern of a string tag: the ones its ODCS
// rule sets (a second pattern is dropped, as in ODCS).
func stringFormat(s *jsonschema.Schema, tag contracts.ConstraintKind, args []string) {
	rule, ok := constraintRules[tag]
	if !ok {
		return
	}
	p := ODCSProperty{LogicalType: "string"}
	rule(&p, args)
	switch o := p.LogicalTypeOptions; {
	case o == nil:
	case o.Format != "":
		s.Format = o.Format
	case o.Pattern != "" && s.Pattern == "":
		s.Pattern = o.Pattern
	}
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }
