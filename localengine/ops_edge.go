package localengine

import (
	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/framework/ir"
)

// ReasonBehindWatermark is the reason code of a row routed to a late output.
const ReasonBehindWatermark = "BEHIND_WATERMARK"

// sourceOp reads one port of a source for the batch: the valid rows, the
// rejected rows, or (static) the whole table.
type sourceOp struct {
	asset string
	port  string
	out   *Schema
}

func (s *sourceOp) schema() *Schema { return s.out }

func (s *sourceOp) inputs() []operator { return nil }

func (s *sourceOp) process(b *batch) []Row {
	sb := b.inputs[s.asset]
	if sb != nil && sb.scan != nil {
		return collect(s, b)
	}
	return s.rows(sb)
}

// rows is the rows of the port of sb.
func (s *sourceOp) rows(sb *sourceBatch) []Row {
	if sb == nil {
		return nil
	}
	if s.port == ir.PortInvalid {
		return sb.invalid
	}
	if sb.unpack != nil {
		return sb.unpack()
	}
	return sb.valid
}

// stream emits the rows of the port, chunk by chunk from a streamed
// batch's scan.
func (s *sourceOp) stream(b *batch, fn func([]Row)) {
	sb := b.inputs[s.asset]
	if sb == nil || sb.scan == nil {
		if rows := s.rows(sb); len(rows) > 0 {
			fn(rows)
		}
		return
	}
	sb.consume(func(part *sourceBatch) {
		if rows := s.rows(part); len(rows) > 0 {
			fn(rows)
		}
	})
}

// lateOp is a Late() branch: of the rows reaching a stateful operator, those
// the operator drops for being behind the watermark, each with the
// watermark at arrival and reason BEHIND_WATERMARK.
type lateOp struct {
	in     operator
	isLate func(Row, int64) bool
	// cols are the input columns isLate reads, nil when not known
	// (late_packed.go).
	cols []int
	out  *Schema
}

func newLateOp(in operator, isLate func(Row, int64) bool) *lateOp {
	cols := append(append([]Column(nil), in.schema().Cols...),
		Column{Name: "watermark_at_arrival", Type: contracts.Type{Kind: contracts.KindTimestamp}},
		Column{Name: "reason_code", Type: contracts.Type{Kind: contracts.KindString}})
	return &lateOp{in: in, isLate: isLate, out: NewSchema(cols)}
}

func (l *lateOp) schema() *Schema { return l.out }

func (l *lateOp) inputs() []operator { return []operator{l.in} }

func (l *lateOp) from() operator { return l.in }

func (l *lateOp) process(b *batch) []Row { return collect(l, b) }

func (l *lateOp) apply(b *batch, in, out []Row) []Row {
	wm := b.lateEvents(l)
	if wm <= 0 {
		return out
	}
	for _, r := range in {
		if l.isLate(r, wm) {
			out = append(out, lateRow(r, wm))
			b.late++
		}
	}
	return out
}

// lateRow is the late output row of r, behind the watermark wm.
func lateRow(r Row, wm int64) Row {
	return append(append(make(Row, 0, len(r)+2), r...), fromMicros(wm), ReasonBehindWatermark)
}

// conformOp maps rows onto the loaded contract's columns by name: a column
// of the same name, or for a struct field the row's columns that match the
// struct's fields (the late-event shape); values are cast to the
// contract's type (int widening, decimal scale).
type conformOp struct {
	in   operator
	out  *Schema
	maps []func(Row) any
}

func newConformOp(in operator, c *contracts.Contract) *conformOp {
	out := SchemaOf(c)
	co := &conformOp{in: in, out: out}
	s := in.schema()
	for _, f := range c.Fields {
		co.maps = append(co.maps, fieldMapper(s, f))
	}
	return co
}

func fieldMapper(s *Schema, f contracts.Field) func(Row) any {
	if i := s.Index(f.Name); i >= 0 {
		if sameKind(s.Cols[i].Type, f.Type) {
			return func(r Row) any { return r[i] }
		}
		t := f.Type
		return func(r Row) any { return castValue(r[i], t) }
	}
	if f.Type.Kind == contracts.KindStruct {
		var names []string
		var idx []int
		for _, sf := range f.Type.Fields {
			if i := s.Index(sf.Name); i >= 0 {
				names, idx = append(names, sf.Name), append(idx, i)
			}
		}
		return func(r Row) any {
			m := make(map[string]any, len(idx))
			for k, i := range idx {
				m[names[k]] = r[i]
			}
			return m
		}
	}
	return func(Row) any { return nil }
}

func sameKind(a, b contracts.Type) bool {
	return a.Kind == b.Kind && (a.Kind != contracts.KindDecimal || a.Scale == b.Scale)
}

func (c *conformOp) schema() *Schema { return c.out }

func (c *conformOp) inputs() []operator { return []operator{c.in} }

func (c *conformOp) from() operator { return c.in }

func (c *conformOp) process(b *batch) []Row { return collect(c, b) }

// apply maps the rows of a chunk; they share one backing array.
func (c *conformOp) apply(_ *batch, in, out []Row) []Row {
	n := len(c.maps)
	cells := make([]any, len(in)*n)
	for _, r := range in {
		nr := Row(cells[:n:n])
		cells = cells[n:]
		for j, m := range c.maps {
			nr[j] = m(r)
		}
		out = append(out, nr)
	}
	return out
}
