package contracts

import "slices"

// Clone returns a deep copy of the contract: its fields, their types,
// constraints and examples are the copy's own, so changing one never
// changes the other (the registry keeps one contract per type; documents
// built from it hold copies).
func (c *Contract) Clone() *Contract {
	out := *c
	out.Fields = cloneFields(c.Fields)
	out.Rules = slices.Clone(c.Rules)
	return &out
}

func cloneFields(fs []Field) []Field {
	if fs == nil {
		return nil
	}
	out := make([]Field, len(fs))
	for i, f := range fs {
		f.Type = f.Type.clone()
		f.Constraints = cloneConstraints(f.Constraints)
		f.Examples = slices.Clone(f.Examples)
		out[i] = f
	}
	return out
}

func (t Type) clone() Type {
	if t.Elem != nil {
		e := t.Elem.clone()
		t.Elem = &e
	}
	t.Fields = cloneFields(t.Fields)
	return t
}

func cloneConstraints(cs []Constraint) []Constraint {
	if cs == nil {
		return nil
	}
	out := make([]Constraint, len(cs))
	for i, c := range cs {
		c.Args = slices.Clone(c.Args)
		out[i] = c
	}
	return out
}
