package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/invopop/jsonschema"

	"github.com/etlgen/etlgen/contracts"
)

// JSONSchema writes one JSON Schema (draft 2020-12) per contract, describing
// the JSON payload: jsonschema/<id>.schema.json.
type JSONSchema struct{}

// Name returns "jsonschema".
func (JSONSchema) Name() string { return "jsonschema" }

// Spec describes the generator.
func (JSONSchema) Spec() Spec {
	return Spec{
		Summary: "JSON Schemas (draft 2020-12) of the contracts' JSON payloads",
		Group:   GroupContracts,
		Outputs: "jsonschema/<id>.schema.json",
		Owns:    []string{"jsonschema/*.schema.json"},
	}
}

// Generate returns one schema file per contract, sorted by id.
func (JSONSchema) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	for _, c := range m.Contracts() {
		data, err := marshalSchema(SchemaOf(c))
		if err != nil {
			return nil, fmt.Errorf("contract %s: %w", c.ID, err)
		}
		out = append(out, File{Path: "jsonschema/" + c.ID + ".schema.json", Data: data})
	}
	return out, nil
}

// marshalSchema renders the schema indented, with a trailing newline. JSON has
// no comments: the generated-file marker is the $comment keyword.
func marshalSchema(s *jsonschema.Schema) ([]byte, error) {
	raw, err := json.Marshal(s)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := json.Indent(&buf, raw, "", "  "); err != nil {
		return nil, err
	}
	buf.WriteByte('\n')
	return buf.Bytes(), nil
}

// SchemaOf builds the JSON Schema of a contract's payload.
func SchemaOf(c contracts.Contract) *jsonschema.Schema {
	s := objectSchema(c.Fields, c.UnknownFields)
	s.Version = jsonschema.Version
	s.ID = jsonschema.ID("urn:etlgen:contract:" + c.ID + ":" + c.Version)
	s.Comments = Header
	s.Title = c.Name
	s.Description = c.Description
	return s
}

// objectSchema is the schema of a record: its properties in declaration
// order, its required members, and the unknown-field policy.
func objectSchema(fs []contracts.Field, policy contracts.UnknownFieldPolicy) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: jsonschema.NewProperties()}
	for _, f := range fs {
		s.Properties.Set(f.Name, fieldSchema(f, policy))
		if f.Required {
			s.Required = append(s.Required, f.Name)
		}
	}
	if policy == contracts.UnknownReject {
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	return s
}

// fieldSchema is the schema of one field: its type, constraints, description
// and examples. An optional field is the value or null.
func fieldSchema(f contracts.Field, policy contracts.UnknownFieldPolicy) *jsonschema.Schema {
	v := typeSchema(f.Type, policy)
	for _, c := range f.Constraints {
		applySchemaConstraint(v, f.Type.Kind, c)
	}
	s := v
	if !f.Required {
		s = &jsonschema.Schema{AnyOf: []*jsonschema.Schema{v, {Type: "null"}}}
	}
	s.Description = f.Description
	for _, e := range f.Examples {
		s.Examples = append(s.Examples, exampleValue(f.Type.Kind, e))
	}
	return s
}

// typeSchema is the schema of a type.
func typeSchema(t contracts.Type, policy contracts.UnknownFieldPolicy) *jsonschema.Schema {
	switch t.Kind {
	case contracts.KindString:
		return &jsonschema.Schema{Type: "string"}
	case contracts.KindBool:
		return &jsonschema.Schema{Type: "boolean"}
	case contracts.KindInt32:
		return &jsonschema.Schema{Type: "integer", Minimum: "-2147483648", Maximum: "2147483647"}
	case contracts.KindInt64:
		return &jsonschema.Schema{Type: "integer", Minimum: "-9223372036854775808", Maximum: "9223372036854775807"}
	case contracts.KindFloat64:
		return &jsonschema.Schema{Type: "number"}
	case contracts.KindDecimal:
		return &jsonschema.Schema{Type: "number", MultipleOf: json.Number(decimalStep(t.Scale))}
	case contracts.KindTimestamp:
		return &jsonschema.Schema{Type: "string", Format: "date-time"}
	case contracts.KindDate:
		return &jsonschema.Schema{Type: "string", Format: "date"}
	case contracts.KindArray:
		s := &jsonschema.Schema{Type: "array"}
		if t.Elem != nil {
			s.Items = typeSchema(*t.Elem, policy)
		}
		return s
	case contracts.KindStruct:
		return objectSchema(t.Fields, policy)
	}
	return &jsonschema.Schema{}
}

// decimalStep is 10^-scale as a decimal literal: 0.01 for scale 2.
func decimalStep(scale int) string {
	if scale <= 0 {
		return "1"
	}
	return "0." + strings.Repeat("0", scale-1) + "1"
}

// exampleValue types an example like its field.
func exampleValue(k contracts.Kind, e string) any {
	switch k {
	case contracts.KindInt32, contracts.KindInt64, contracts.KindFloat64, contracts.KindDecimal:
		return json.Number(e)
	case contracts.KindBool:
		return e == "true"
	}
	return e
}
