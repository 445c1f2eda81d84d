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
	numeric := k != contracts.KindString && k != contracts.KindArray
	switch {
	case c.Kind == "gt" && numeric:
		s.ExclusiveMinimum = json.Number(arg)
	case (c.Kind == "gte" || c.Kind == "min") && numeric:
		s.Minimum = json.Number(arg)
	case c.Kind == "lt" && numeric:
		s.ExclusiveMaximum = json.Number(arg)
	case (c.Kind == "lte" || c.Kind == "max") && numeric:
		s.Maximum = json.Number(arg)
	case c.Kind == "min" || c.Kind == "max" || c.Kind == "len":
		lengthBound(s, k, c.Kind, arg)
	case c.Kind == "required" && k == contracts.KindString:
		s.MinLength = ptr(uint64(1))
	case c.Kind == "oneof":
		for _, v := range c.Args {
			s.Enum = append(s.Enum, v)
		}
	default:
		stringFormat(s, c.Kind, c.Args)
	}
}

// lengthBound sets a string length or array size bound.
func lengthBound(s *jsonschema.Schema, k contracts.Kind, tag, arg string) {
	n, err := strconv.ParseUint(arg, 10, 64)
	if err != nil {
		return
	}
	if k == contracts.KindArray {
		if tag != "max" {
			s.MinItems = ptr(n)
		}
		if tag != "min" {
			s.MaxItems = ptr(n)
		}
		return
	}
	if tag != "max" {
		s.MinLength = ptr(n)
	}
	if tag != "min" {
		s.MaxLength = ptr(n)
	}
}

// schemaFormats maps format tags to JSON Schema formats.
var schemaFormats = map[string]string{"email": "email", "uuid": "uuid", "url": "uri"}

// stringFormat sets a format or pattern for the string tags.
func stringFormat(s *jsonschema.Schema, tag string, args []string) {
	if f, ok := schemaFormats[tag]; ok {
		s.Format = f
		return
	}
	var p ODCSProperty
	p.LogicalType = "string"
	if rule, ok := constraintRules[tag]; ok && s.Pattern == "" {
		rule(&p, args)
		if p.LogicalTypeOptions != nil && p.LogicalTypeOptions.Pattern != "" {
			s.Pattern = p.LogicalTypeOptions.Pattern
		}
	}
}

// ptr returns a pointer to v.
func ptr[T any](v T) *T { return &v }
