package localengine

import (
	"encoding/binary"
	"slices"

	"github.com/etlgen/etlgen/framework/ir"
)

// A filter right over a source port reads a packed batch (input_packed.go)
// without unpacking the rows it drops: per row it unpacks the columns its
// predicate reads, evaluates the predicate on them (the row's other
// columns NULL), and unpacks the rest of the row only when it holds. The
// predicate sees the values it saw before, row by row in the same order,
// and the rows kept are those unpackRows gives (the example's late query
// keeps a third of its rows, the paid orders).

// exprColumns marks in need the columns of s that e reads; false when e
// reads a column s does not have.
func exprColumns(e *ir.Expr, s *Schema, need []bool) bool {
	if e == nil {
		return true
	}
	if e.Kind == ir.ExprColumn {
		i := s.Index(e.Name)
		if i < 0 {
			return false
		}
		need[i] = true
	}
	for _, a := range e.Args {
		if !exprColumns(a, s, need) {
			return false
		}
	}
	return true
}

// streamFiltered hands fn the rows of f, a filter over source port s, for
// batch b, unpacking only the rows it keeps from a packed batch's chunks;
// false when f does not read such a batch (streamRows then runs it as any
// row operator).
func (f *filterOp) streamFiltered(b *batch, fn func([]Row)) bool {
	return f.streamWhere(b, f.need, nil, fn)
}

// streamWhere is streamFiltered handing fn only the rows that also pass
// then (nil: every row), called once per row f keeps, in order, with the
// columns need marks (a superset of f.need) set.
func (f *filterOp) streamWhere(b *batch, need []bool, then func(Row) bool, fn func([]Row)) bool {
	s, ok := f.in.(*sourceOp)
	if !ok || f.need == nil || s.port == ir.PortInvalid {
		return false
	}
	sb := b.inputs[s.asset]
	if sb == nil || sb.scan == nil {
		return false
	}
	keep := func(r Row) bool {
		ok, _ := f.pred(r).(bool)
		return ok && (then == nil || then(r))
	}
	var buf []Row
	sb.consume(func(part *sourceBatch) {
		switch {
		case part.unpackWhere != nil:
			buf = part.unpackWhere(need, keep, buf[:0])
		default:
			buf = f.apply(b, s.rows(part), buf[:0])
			if then != nil {
				buf = slices.DeleteFunc(buf, func(r Row) bool { return !then(r) })
			}
		}
		if len(buf) > 0 {
			fn(buf)
		}
	})
	return true
}

// unpackRowsWhere appends to out the rows of n rows of width values packed
// in buf for which keep holds, keep deciding on the columns need marks
// (the others NULL); the rows kept are those unpackRows gives.
func unpackRowsWhere(buf []byte, n, width int, need []bool, keep func(Row) bool, out []Row) []Row {
	c := packedCursor{buf: buf, last: make([]int, width), vals: make([]any, width), have: make([]bool, width),
		strs: make([]map[string]any, width), bx: newBoxes(n)}
	for j, nd := range need {
		if nd {
			c.strs[j] = map[string]any{}
		}
	}
	probe := make(Row, width)
	var cells []any
	for range n {
		c.next()
		for j, nd := range need {
			if nd {
				probe[j] = c.value(j)
			}
		}
		if !keep(probe) {
			continue
		}
		if len(cells) < width {
			cells = make([]any, width*rowSlab)
		}
		r := Row(cells[:width:width])
		cells = cells[width:]
		for j := range r {
			r[j] = c.value(j)
		}
		out = append(out, r)
	}
	return out
}

// packedCursor walks packed rows a row at a time without unpacking them:
// for each column it keeps where its current value starts (a packSame
// value is the one of the row before) and unpacks it once when asked.
type packedCursor struct {
	buf  []byte
	pos  int
	last []int  // per column: the offset of its current value
	vals []any  // per column: its current value, when have says so
	have []bool // per column: whether vals holds its current value
	// strs, per column a filter reads (nil for the others), are its
	// string values boxed once: a column such a filter tests often takes
	// few values (a status). It stops growing at maxStrs values.
	strs []map[string]any
	bx   *boxes // boxes the values unpacked (box_slab.go)
}

// maxStrs is the most string values packedCursor keeps per column.
const maxStrs = 64

// next moves to the next row.
func (c *packedCursor) next() {
	for j := range c.last {
		if c.buf[c.pos] != packSame {
			c.last[j], c.have[j] = c.pos, false
		}
		c.pos = skipValue(c.buf, c.pos)
	}
}

// value is the value of column j in the current row.
func (c *packedCursor) value(j int) any {
	if !c.have[j] {
		c.vals[j], c.have[j] = c.unpack(j), true
	}
	return c.vals[j]
}

// unpack unpacks the current value of column j: a string the column had
// before is that value.
func (c *packedCursor) unpack(j int) any {
	b := c.buf[c.last[j]:]
	m := c.strs[j]
	if b[0] != packString || m == nil {
		v, _ := unpackValue(b, c.bx)
		return v
	}
	n, k := binary.Uvarint(b[1:])
	s := b[1+k : 1+k+int(n)]
	if v, ok := m[string(s)]; ok {
		return v
	}
	v := c.bx.boxString(string(s))
	if len(m) < maxStrs {
		m[string(s)] = v
	}
	return v
}

// skipValue is the offset after the value packValue packed at offset at
// of b (packSame is one byte).
func skipValue(b []byte, at int) int {
	tag := b[at]
	at++
	switch tag {
	case packString:
		n, k := binary.Uvarint(b[at:])
		return at + k + int(n)
	case packInt64, packInt32:
		return at + varintLen(b[at:])
	case packBool:
		return at + 1
	case packFloat:
		return at + 8
	case packDecimal:
		at += varintLen(b[at:])
		return at + varintLen(b[at:])
	case packBigDecimal:
		at += varintLen(b[at:]) + 1 // the exponent, the sign
		n, k := binary.Uvarint(b[at:])
		return at + k + int(n)
	case packTime:
		at += varintLen(b[at:])
		return at + varintLen(b[at:])
	case packDate:
		return at + varintLen(b[at:]) + 2
	}
	return at // packNil, packSame
}

// varintLen is the length of the varint at the start of b.
func varintLen(b []byte) int {
	_, k := binary.Uvarint(b)
	return k
}
