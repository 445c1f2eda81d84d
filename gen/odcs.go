package gen

import (
	"bytes"
	"context"
	"fmt"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/contracts"
)

// ODCS writes one ODCS v3.1.0 data contract per contract:
// data/<id>.odcs.yaml.
type ODCS struct{}

// Name returns "odcs".
func (ODCS) Name() string { return "odcs" }

// Spec describes the generator.
func (ODCS) Spec() Spec {
	return Spec{
		Summary: "ODCS v3.1.0 data contracts (physical types are Spark SQL types)",
		Group:   GroupContracts,
		Outputs: "data/<id>.odcs.yaml",
		Owns:    []string{"data/*.odcs.yaml"},
	}
}

// Generate returns one YAML file per contract, sorted by id.
func (ODCS) Generate(ctx context.Context, m *Model) ([]File, error) {
	var out []File
	for _, c := range m.Contracts() {
		doc := ODCSOf(c)
		doc.Servers = serversOf(m, c.ID)
		data, err := MarshalODCS(doc)
		if err != nil {
			return nil, fmt.Errorf("contract %s: %w", c.ID, err)
		}
		out = append(out, File{Path: ODCSPath(c.ID), Data: data})
	}
	return out, nil
}

// ODCSPath is the path of a contract's ODCS file under the output directory.
func ODCSPath(id string) string { return "data/" + id + ".odcs.yaml" }

// MarshalODCS renders doc as YAML after the generated-file header.
func MarshalODCS(doc ODCSDoc) ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteString("# " + Header + "\n")
	enc := yaml.NewEncoder(&buf)
	enc.SetIndent(2)
	if err := enc.Encode(doc); err != nil {
		return nil, fmt.Errorf("encode odcs: %w", err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("encode odcs: %w", err)
	}
	return buf.Bytes(), nil
}

// ParseODCS reads an ODCS document written by MarshalODCS (or edited by hand).
func ParseODCS(data []byte) (ODCSDoc, error) {
	var doc ODCSDoc
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return ODCSDoc{}, fmt.Errorf("parse odcs: %w", err)
	}
	if doc.APIVersion != ODCSVersion || doc.Kind != "DataContract" {
		return ODCSDoc{}, fmt.Errorf("parse odcs: want apiVersion %s and kind DataContract, got %q and %q", ODCSVersion, doc.APIVersion, doc.Kind)
	}
	return doc, nil
}

// ODCSOf builds the ODCS document of a contract.
func ODCSOf(c contracts.Contract) ODCSDoc {
	status := c.Status
	if status == "" {
		status = "draft"
	}
	doc := ODCSDoc{
		APIVersion: ODCSVersion,
		Kind:       "DataContract",
		ID:         c.ID,
		Name:       c.Name,
		Version:    c.Version,
		Status:     status,
		Domain:     c.Domain,
		Schema: []ODCSObject{{
			Name:         objectName(c.ID),
			BusinessName: c.Name,
			LogicalType:  "object",
			PhysicalType: "record",
			Description:  c.Description,
			Properties:   propertiesOf(c.Fields),
			Quality:      rulesQuality(c),
		}},
		CustomProperties: contractCustom(c),
	}
	if c.Description != "" {
		doc.Description = &ODCSDescription{Purpose: c.Description}
	}
	if c.Owner != "" || c.Contact != "" {
		doc.Team = &ODCSTeam{Name: c.Owner}
	}
	if c.Contact != "" {
		doc.Team.Members = []ODCSTeamMember{{Username: c.Contact, Role: "owner"}}
	}
	if c.Support != "" {
		doc.Support = []ODCSSupport{supportOf(c.Support)}
	}
	doc.SLAProperties = slaOf(c)
	return doc
}

// supportOf is the support channel of a support marker URL.
func supportOf(u string) ODCSSupport {
	if strings.HasPrefix(u, "mailto:") {
		return ODCSSupport{Channel: "email", URL: u, Tool: "email", Scope: "issues"}
	}
	return ODCSSupport{Channel: "support", URL: u, Tool: "other", Scope: "interactive"}
}

// slaOf maps the freshness and retention markers to ODCS slaProperties.
func slaOf(c contracts.Contract) []ODCSSLA {
	var out []ODCSSLA
	for _, s := range []struct{ property, value, what string }{
		{"latency", c.Freshness, "freshness: data is at most this old when it can be read"},
		{"retention", c.Retention, "retention: how long the data is kept"},
	} {
		if n, unit, ok := contracts.SLADuration(s.value); ok {
			out = append(out, ODCSSLA{Property: s.property, Value: n, Unit: unit, Description: s.what})
		}
	}
	return out
}

// objectName is the schema object's name: the id in snake case.
func objectName(id string) string { return strings.ReplaceAll(id, "-", "_") }

// contractCustom holds what ODCS has no field for at the contract level.
func contractCustom(c contracts.Contract) []ODCSCustom {
	out := []ODCSCustom{{Property: "goPackage", Value: c.Package}, {Property: "goType", Value: c.Name}}
	if c.UnknownFields != "" {
		out = append(out, ODCSCustom{Property: "unknownFields", Value: string(c.UnknownFields)})
	}
	if c.MaxPayloadBytes > 0 {
		out = append(out, ODCSCustom{Property: "maxPayloadBytes", Value: c.MaxPayloadBytes})
	}
	return out
}

// propertiesOf maps fields to ODCS properties, in declaration order.
func propertiesOf(fs []contracts.Field) []ODCSProperty {
	out := make([]ODCSProperty, len(fs))
	for i, f := range fs {
		out[i] = propertyOf(f)
	}
	return out
}

// propertyOf maps one field.
func propertyOf(f contracts.Field) ODCSProperty {
	p := typeProperty(f.Type)
	p.Name = f.Name
	p.Description = f.Description
	p.Required = f.Required
	p.PrimaryKey = f.PrimaryKey > 0
	p.PrimaryKeyPosition = f.PrimaryKey
	p.Unique = f.Unique
	p.Classification = f.Classification
	p.Examples = examplesOf(f)
	applyConstraints(&p, f)
	p.CustomProperties = fieldCustom(f)
	return p
}

// typeProperty maps a type: logical and physical type, nested properties or
// items, and the options implied by the type alone.
func typeProperty(t contracts.Type) ODCSProperty {
	p := ODCSProperty{LogicalType: LogicalType(t.Kind), PhysicalType: SparkType(t)}
	p.LogicalTypeOptions = typeOptions(t)
	switch t.Kind {
	case contracts.KindStruct:
		p.Properties = propertiesOf(t.Fields)
	case contracts.KindArray:
		if t.Elem != nil {
			item := typeProperty(*t.Elem)
			p.Items = &item
		}
	}
	return p
}

// typeOptions are the logicalTypeOptions implied by the type itself.
func typeOptions(t contracts.Type) *ODCSOptions {
	switch t.Kind {
	case contracts.KindInt32:
		return &ODCSOptions{Format: "i32"}
	case contracts.KindInt64:
		return &ODCSOptions{Format: "i64"}
	case contracts.KindFloat64:
		return &ODCSOptions{Format: "f64"}
	case contracts.KindDecimal:
		if t.Scale > 0 {
			m := numScalar("0." + strings.Repeat("0", t.Scale-1) + "1")
			return &ODCSOptions{MultipleOf: &m}
		}
		m := numScalar("1")
		return &ODCSOptions{MultipleOf: &m}
	case contracts.KindTimestamp:
		tz := true
		return &ODCSOptions{Timezone: &tz, DefaultTimezone: "Etc/UTC"}
	case contracts.KindDate:
		return &ODCSOptions{Format: "yyyy-MM-dd"}
	}
	return nil
}

// examplesOf types the examples: numbers and booleans as YAML numbers and
// booleans, everything else as strings.
func examplesOf(f contracts.Field) []Scalar {
	var out []Scalar
	for _, e := range f.Examples {
		switch LogicalType(f.Type.Kind) {
		case "integer", "number":
			out = append(out, numScalar(e))
		case "boolean":
			out = append(out, Scalar{Tag: tagBool, Value: e})
		default:
			out = append(out, strScalar(e))
		}
	}
	return out
}

// fieldCustom holds what ODCS has no field for at the property level.
func fieldCustom(f contracts.Field) []ODCSCustom {
	var out []ODCSCustom
	if f.EventTime {
		out = append(out, ODCSCustom{Property: "eventTime", Value: true})
	}
	if f.PII {
		out = append(out, ODCSCustom{Property: "pii", Value: true})
	}
	codes := reasonCodes(f)
	vals := make([]string, len(codes))
	for i, c := range codes {
		vals[i] = string(c)
	}
	return append(out, ODCSCustom{Property: "reasonCodes", Value: vals})
}
