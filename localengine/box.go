package localengine

import "github.com/etlgen/etlgen/contracts"

// smallInts are the int64 values 0..len-1 boxed once: converting a small
// integer (an id, a count, a code) to an engine value then allocates nothing.
var smallInts = func() []any {
	out := make([]any, 4096)
	for i := range out {
		out[i] = int64(i)
	}
	return out
}()

// boxer converts the validated values of a contract's top-level fields to
// engine values (fromValue) without allocating for the values it has boxed
// before: small int64s and the values of a oneof string field. It knows
// each field's kind from the contract, so that a value of that kind is
// converted without going through fromValue's switch on kinds.
type boxer struct {
	kinds []contracts.Kind
	enums [][]any // per field: the boxed oneof values of a string field, else nil
}

func newBoxer(c *contracts.Contract) *boxer {
	b := &boxer{kinds: make([]contracts.Kind, len(c.Fields)), enums: make([][]any, len(c.Fields))}
	for i, f := range c.Fields {
		b.kinds[i] = f.Type.Kind
		if f.Type.Kind != contracts.KindString {
			continue
		}
		for _, k := range f.Constraints {
			if k.Kind == contracts.ConstraintOneOf {
				for _, a := range k.Args {
					b.enums[i] = append(b.enums[i], a)
				}
			}
		}
	}
	return b
}

// value is fromValue of field i's value v, the values that Go would box
// with an allocation each boxed into bx's slabs.
func (b *boxer) value(i int, v contracts.Value, bx *boxes) any {
	if i >= len(b.kinds) || v.Kind() != b.kinds[i] {
		return fromValue(v) // null, or not of the field's kind
	}
	switch b.kinds[i] {
	case contracts.KindInt64:
		return bx.boxInt(v.Int())
	case contracts.KindString:
		s := v.Str()
		for _, e := range b.enums[i] {
			if e.(string) == s {
				return e
			}
		}
		return bx.boxString(s)
	case contracts.KindTimestamp:
		return bx.boxTime(v.Time())
	case contracts.KindDecimal:
		if n, exp, ok := v.SmallDecimal(); ok {
			return bx.boxDecimal(bx.newDecimal(n, exp))
		}
		return bx.boxDecimal(v.Decimal())
	}
	return fromValue(v)
}
