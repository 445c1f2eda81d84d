package contracts

import (
	"math"

	"github.com/etlgen/etlgen/contracts/internal/jsonscan"
)

// value runs the type check of t on node vn, converts it into out, then runs
// f's constraints.
func (w *walker) value(t *typePlan, vn int32, out *Value, f *fieldPlan) *failure {
	n := w.tape[vn]
	switch t.kind {
	case KindString:
		return w.str(n, out, f)
	case KindTimestamp, KindDate:
		return w.temporal(t.kind, n, out)
	case KindArray:
		return w.array(t, vn, out, f)
	case KindStruct:
		if n.Kind != jsonscan.Object {
			return wrongType("an object", n.Kind)
		}
		vals := make([]Value, len(t.st.fields))
		if fl := w.object(t.st, vn, vals); fl != nil {
			return fl
		}
		*out = Value{kind: KindStruct, x: Record{fields: t.st.decl, vals: vals}}
		return nil
	}
	if fl := w.scalar(t, n, out); fl != nil {
		return fl
	}
	return runChecks(f, nil, out)
}

// maxIntLiteralDigits is the longest integer literal an integer field reads
// as an integer; longer ones are WRONG_TYPE, as in Spark, which reads them as
// doubles (docs/validation.md).
const maxIntLiteralDigits = 38

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scalar converts bools and numbers.
func (w *walker) scalar(t *typePlan, n jsonscan.Node, out *Value) *failure {
	if t.kind == KindBool {
		if n.Kind != jsonscan.True && n.Kind != jsonscan.False {
			return wrongType("a boolean", n.Kind)
		}
		*out = Value{kind: KindBool, n: int64(n.Kind - jsonscan.False)}
		return nil
	}
	if n.Kind != jsonscan.Number {
		return wrongType("a number", n.Kind)
	}
	b := n.Bytes(w.data)
	switch t.kind {
	case KindInt32, KindInt64:
		if n.Flags&(jsonscan.Fraction|jsonscan.Exponent) != 0 {
			return fail(ReasonWrongType, "expected an integer literal, got %s", b)
		}
		if digits := len(b) - boolInt(b[0] == '-'); digits > maxIntLiteralDigits {
			return fail(ReasonWrongType, "integer literal of %d digits (more than %d)", digits, maxIntLiteralDigits)
		}
		i, ok := parseIntLiteral(b)
		if !ok || (t.kind == KindInt32 && (i < math.MinInt32 || i > math.MaxInt32)) {
			return fail(ReasonOutOfRange, "%s is outside the range of %s", b, t.kind)
		}
		*out = Value{kind: t.kind, n: i}
	case KindFloat64:
		f, ok := parseFloatLiteral(b)
		if !ok {
			return fail(ReasonWrongType, "%s overflows float64", b)
		}
		*out = Value{kind: KindFloat64, n: int64(math.Float64bits(f))}
	case KindDecimal:
		d := splitDecimal(b)
		if !d.fits(t.scale, t.maxIntDigits) {
			return fail(ReasonDecimalOverflow, "%s does not fit decimal(%d,%d)", b, t.maxIntDigits+t.scale, t.scale)
		}
		d.value(out, t.scale)
	}
	return nil
}

// str converts a string; constraints run on the decoded bytes before any
// allocation, and oneof values are interned.
func (w *walker) str(n jsonscan.Node, out *Value, f *fieldPlan) *failure {
	if n.Kind != jsonscan.String {
		return wrongType("a string", n.Kind)
	}
	var b []byte
	b, w.buf = jsonscan.StringBytes(w.data, n, w.buf)
	if fl := runChecks(f, b, nil); fl != nil {
		return fl
	}
	*out = Value{kind: KindString, s: intern(f, b)}
	return nil
}

// intern returns b as a string, reusing a oneof value when it is one.
func intern(f *fieldPlan, b []byte) string {
	if f != nil {
		for _, s := range f.enum {
			if string(b) == s {
				return s
			}
		}
	}
	return string(b)
}

// temporal converts a timestamp or a date.
func (w *walker) temporal(k Kind, n jsonscan.Node, out *Value) *failure {
	if n.Kind != jsonscan.String {
		return wrongType("a string", n.Kind)
	}
	var b []byte
	b, w.buf = jsonscan.StringBytes(w.data, n, w.buf)
	if k == KindDate {
		y, m, d, ok := parseDateBytes(b)
		if !ok {
			return fail(ReasonInvalidDate, "%q is not a YYYY-MM-DD date", b)
		}
		*out = Value{kind: KindDate, n: packDate(y, m, d)}
		return nil
	}
	sec, nsec, ok := parseTimestamp(b)
	if !ok {
		return fail(ReasonInvalidTimestamp, "%q is not an RFC 3339 timestamp (YYYY-MM-DDTHH:MM:SS[.ffffff]Z or ±HH:MM)", b)
	}
	*out = Value{kind: KindTimestamp, n: sec, m: nsec}
	return nil
}

// array checks every element in index order, then the array's constraints.
func (w *walker) array(t *typePlan, vn int32, out *Value, f *fieldPlan) *failure {
	n := w.tape[vn]
	if n.Kind != jsonscan.Array {
		return wrongType("an array", n.Kind)
	}
	list := make([]Value, n.Len)
	e := vn + 1
	for i := range list {
		w.path = append(w.path, int32(-i-1))
		var fl *failure
		if w.tape[e].Kind == jsonscan.Null {
			fl = fail(ReasonMissingRequired, "array elements must not be null")
		} else {
			fl = w.value(t.elem, e, &list[i], nil)
		}
		if fl != nil && fl.path == "" {
			fl.path = w.renderPath()
		}
		w.path = w.path[:len(w.path)-1]
		if fl != nil {
			return fl
		}
		e = w.tape[e].Next
	}
	*out = Value{kind: KindArray, x: list}
	return runChecks(f, nil, out)
}
