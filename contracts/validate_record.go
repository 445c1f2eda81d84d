package contracts

// Record is a validated payload: the contract's fields in declaration order,
// each with its typed Value. Records are immutable once returned.
type Record struct {
	fields []Field
	vals   []Value
}

// Len returns the number of fields.
func (r Record) Len() int { return len(r.vals) }

// Name returns the column name of field i.
func (r Record) Name(i int) string { return r.fields[i].Name }

// Value returns the value of field i.
func (r Record) Value(i int) Value { return r.vals[i] }

// Get returns the value of the field with the given column name.
func (r Record) Get(name string) (Value, bool) {
	for i := range r.fields {
		if r.fields[i].Name == name {
			return r.vals[i], true
		}
	}
	return Value{}, false
}

// Values returns every field's value as a Go value (see Value.Any), in
// declaration order.
func (r Record) Values() []any {
	out := make([]any, len(r.vals))
	for i, v := range r.vals {
		out[i] = v.Any()
	}
	return out
}

// Map returns the record as column name → Go value (see Value.Any), with
// nested records as maps too.
func (r Record) Map() map[string]any {
	out := make(map[string]any, len(r.vals))
	for i, v := range r.vals {
		out[r.fields[i].Name] = plain(v)
	}
	return out
}

func plain(v Value) any {
	switch v.kind {
	case KindStruct:
		return v.Record().Map()
	case KindArray:
		l := v.List()
		out := make([]any, len(l))
		for i, e := range l {
			out[i] = plain(e)
		}
		return out
	}
	return v.Any()
}
