package localengine

import "slices"

// A late output over a filter over a source port (the example's
// late_order_events: the paid orders behind the stateful operator's
// watermark, with watermark operators and the columns they mark between)
// reads a packed batch (input_packed.go) without unpacking the rows it
// does not emit: per row it unpacks the columns the filter, the watermark
// operators and the late test read, and the whole row only when the row
// is late. The watermark operators see every row the filter keeps, in the
// same order, and the rows emitted are those lateOp.apply gives.

// streamLate hands fn the late rows of l for batch b when l reads, through
// watermark operators only, a filter that streams a packed batch
// (filterOp.streamWhere); false otherwise (streamRows then runs l as any
// row operator).
func (l *lateOp) streamLate(b *batch, fn func([]Row)) bool {
	if l.cols == nil {
		return false
	}
	var marks []*watermarkOp
	op := l.in
	for done := false; !done; {
		switch o := op.(type) {
		case *watermarkOp:
			marks = append(marks, o)
			op = o.in
		case markedOp: // the same columns, one marked as event time
			op = o.operator
		default:
			done = true
		}
	}
	f, ok := op.(*filterOp)
	if !ok || f.need == nil {
		return false
	}
	need := slices.Clone(f.need)
	for _, w := range marks {
		need[w.col] = true
	}
	for _, c := range l.cols {
		need[c] = true
	}
	wm := b.lateEvents(l)
	late := func(r Row) bool {
		for _, w := range marks {
			w.observe(b, r)
		}
		return wm > 0 && l.isLate(r, wm)
	}
	var out []Row
	return f.streamWhere(b, need, late, func(rows []Row) {
		out = out[:0]
		for _, r := range rows {
			out = append(out, lateRow(r, wm))
			b.late++
		}
		fn(out)
	})
}
