package gen

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/contracts"
)

// baseContracts returns the contracts of the kinds case without positions.
func baseContracts(t *testing.T) []contracts.Contract {
	t.Helper()
	m := caseModel(t, "testdata/kinds")
	data, err := json.Marshal(m.Contracts()) // positions are not serialised
	if err != nil {
		t.Fatal(err)
	}
	var cs []contracts.Contract
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatal(err)
	}
	return cs
}

// published renders contracts as published ODCS documents, through YAML.
func published(t *testing.T, cs []contracts.Contract) []Published {
	t.Helper()
	var out []Published
	for _, c := range cs {
		data, err := MarshalODCS(ODCSOf(c))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := ParseODCS(data)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, Published{Path: ODCSPath(c.ID), Doc: doc})
	}
	return out
}

// fieldOf returns the field at a dotted path ("address.zip").
func fieldOf(t *testing.T, c *contracts.Contract, path string) *contracts.Field {
	t.Helper()
	fs := &c.Fields
	parts := strings.Split(path, ".")
	for i, p := range parts {
		for j := range *fs {
			f := &(*fs)[j]
			if f.Name != p {
				continue
			}
			if i == len(parts)-1 {
				return f
			}
			fs = &f.Type.Fields
			break
		}
	}
	t.Fatalf("no field %s", path)
	return nil
}

// setConstraint replaces (or adds) a constraint.
func setConstraint(f *contracts.Field, kind contracts.ConstraintKind, args ...string) {
	for i := range f.Constraints {
		if f.Constraints[i].Kind == kind {
			f.Constraints[i].Args = args
			return
		}
	}
	f.Constraints = append(f.Constraints, contracts.Constraint{Kind: kind, Args: args})
}

// dropConstraint removes a constraint.
func dropConstraint(f *contracts.Field, kind contracts.ConstraintKind) {
	var keep []contracts.Constraint
	for _, c := range f.Constraints {
		if c.Kind != kind {
			keep = append(keep, c)
		}
	}
	f.Constraints = keep
}

// driftCases change the Go side of the kinds contract, one drift kind each.
var driftCases = []struct {
	name   string
	change func(t *testing.T, cs *[]contracts.Contract)
}{
	{"no_change", func(*testing.T, *[]contracts.Contract) {}},
	{"contract_removed", func(_ *testing.T, cs *[]contracts.Contract) { *cs = nil }},
	{"contract_added", func(_ *testing.T, cs *[]contracts.Contract) {
		n := (*cs)[0]
		n.ID, n.Name = "customer-v3", "CustomerV3"
		*cs = append(*cs, n)
	}},
	{"field_added_optional", func(_ *testing.T, cs *[]contracts.Contract) {
		c := &(*cs)[0]
		c.Fields = append(c.Fields, contracts.Field{Name: "nickname", GoName: "Nickname", Type: contracts.Type{Kind: contracts.KindString}})
	}},
	{"field_added_required", func(_ *testing.T, cs *[]contracts.Contract) {
		c := &(*cs)[0]
		c.Fields = append(c.Fields, contracts.Field{Name: "country", GoName: "Country", Required: true, Type: contracts.Type{Kind: contracts.KindString}})
	}},
	{"field_removed", func(_ *testing.T, cs *[]contracts.Contract) {
		c := &(*cs)[0]
		c.Fields = c.Fields[:len(c.Fields)-1]
	}},
	{"nested_field_removed", func(t *testing.T, cs *[]contracts.Contract) {
		a := fieldOf(t, &(*cs)[0], "address")
		a.Type.Fields = a.Type.Fields[:1]
	}},
	{"field_renamed", func(t *testing.T, cs *[]contracts.Contract) { fieldOf(t, &(*cs)[0], "handle").Name = "nick" }},
	{"rule_added", func(_ *testing.T, cs *[]contracts.Contract) {
		c := &(*cs)[0]
		c.Rules = append(c.Rules, contracts.Rule{Name: "active_scored", Field: "score", Expr: "not active or score > 0"})
	}},
	{"rule_removed", func(_ *testing.T, cs *[]contracts.Contract) { (*cs)[0].Rules = (*cs)[0].Rules[1:] }},
	{"rule_changed", func(_ *testing.T, cs *[]contracts.Contract) {
		(*cs)[0].Rules[0].Expr = "level <> 'gold' or balance >= 100"
	}},
	{"type_widened", func(t *testing.T, cs *[]contracts.Contract) {
		fieldOf(t, &(*cs)[0], "visits").Type.Kind = contracts.KindInt64
	}},
	{"type_narrowed", func(t *testing.T, cs *[]contracts.Contract) {
		f := fieldOf(t, &(*cs)[0], "balance")
		f.Type.Precision, f.Type.Scale = 10, 2
	}},
	{"type_changed", func(t *testing.T, cs *[]contracts.Contract) {
		fieldOf(t, &(*cs)[0], "active").Type.Kind = contracts.KindString
	}},
	{"range_tightened", func(t *testing.T, cs *[]contracts.Contract) {
		f := fieldOf(t, &(*cs)[0], "score")
		dropConstraint(f, "gte")
		setConstraint(f, "gt", "0")
	}},
	{"range_loosened", func(t *testing.T, cs *[]contracts.Contract) {
		setConstraint(fieldOf(t, &(*cs)[0], "visits"), "max", "200000")
	}},
	{"length_tightened", func(t *testing.T, cs *[]contracts.Contract) {
		setConstraint(fieldOf(t, &(*cs)[0], "handle"), "max", "20")
	}},
	{"enum_tightened", func(t *testing.T, cs *[]contracts.Contract) {
		setConstraint(fieldOf(t, &(*cs)[0], "level"), "oneof", "gold", "silver")
	}},
	{"enum_loosened", func(t *testing.T, cs *[]contracts.Contract) {
		setConstraint(fieldOf(t, &(*cs)[0], "level"), "oneof", "gold", "silver", "bronze", "platinum")
	}},
	{"required_to_optional", func(t *testing.T, cs *[]contracts.Contract) {
		fieldOf(t, &(*cs)[0], "active").Required = false
	}},
	{"optional_to_required", func(t *testing.T, cs *[]contracts.Contract) {
		fieldOf(t, &(*cs)[0], "website").Required = true
	}},
	{"format_changed", func(t *testing.T, cs *[]contracts.Contract) {
		f := fieldOf(t, &(*cs)[0], "website")
		dropConstraint(f, "url")
		setConstraint(f, "email")
	}},
	{"primary_key_changed", func(t *testing.T, cs *[]contracts.Contract) {
		fieldOf(t, &(*cs)[0], "email").PrimaryKey = 2
	}},
	{"event_time_changed", func(t *testing.T, cs *[]contracts.Contract) {
		fieldOf(t, &(*cs)[0], "updated_at").EventTime = false
	}},
	{"major_version_acknowledges", func(t *testing.T, cs *[]contracts.Contract) {
		(*cs)[0].Version = "3.0.0"
		fieldOf(t, &(*cs)[0], "handle").Name = "nick"
	}},
	{"unknown_fields_loosened", func(_ *testing.T, cs *[]contracts.Contract) {
		(*cs)[0].UnknownFields = contracts.UnknownAllow
	}},
}

// renderDrift renders a report for a golden file: one line per change with
// both verdicts, and the verdict under each view.
func renderDrift(published []Published, cur []contracts.Contract) string {
	var b strings.Builder
	r := Drift(published, cur, ViewConsumer)
	for _, c := range r.Changes {
		path := c.Contract
		if c.Field != "" {
			path += "." + c.Field
		}
		ack := ""
		if c.Acknowledged {
			ack = " [acknowledged by a new major version]"
		}
		fmt.Fprintf(&b, "%s %s %s: %s (consumers: %s, producers: %s)%s\n", c.Code, c.Kind, path, c.Detail, verdict(c.BreaksConsumers), verdict(c.BreaksProducers), ack)
	}
	for _, v := range []View{ViewConsumer, ViewProducer, ViewFull} {
		fmt.Fprintf(&b, "breaking under %s view: %t\n", v, Drift(published, cur, v).Breaking())
	}
	return b.String()
}

func verdict(breaks bool) string {
	if breaks {
		return "breaking"
	}
	return "ok"
}

func TestDriftGolden(t *testing.T) {
	for _, tc := range driftCases {
		t.Run(tc.name, func(t *testing.T) {
			base := baseContracts(t)
			pub := published(t, base)
			cur := baseContracts(t)
			tc.change(t, &cur)
			got := renderDrift(pub, cur)
			compareGolden(t, filepath.Join("testdata", "drift", tc.name), map[string][]byte{"report.txt": []byte(got)})
		})
	}
}

// TestDriftOfUnchangedContractsIsEmpty round-trips every golden case and the
// example through YAML: reading back what was written shows no change.
func TestDriftOfUnchangedContractsIsEmpty(t *testing.T) {
	var all []contracts.Contract
	for _, dir := range caseDirs(t) {
		if !strings.HasSuffix(dir, "_error") {
			all = append(all, caseModel(t, dir).Contracts()...)
		}
	}
	for _, c := range all {
		r := Drift(published(t, []contracts.Contract{c}), []contracts.Contract{c}, ViewFull)
		if len(r.Changes) != 0 {
			t.Errorf("%s: %d changes against itself: %+v", c.ID, len(r.Changes), r.Changes)
		}
	}
}
