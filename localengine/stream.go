package localengine

import "github.com/etlgen/etlgen/framework/ir"

// A batch flows through a query in chunks where it can: from a streamed
// source (a file source's lines, validated chunk by chunk: sourceOp,
// sourceBatch.scan) through row operators (filter, project, watermark,
// late tap, conform: rowOp) into the operator that consumes the rows (a
// stateful operator folding them into its state, the query's output), so
// that no operator holds the batch's rows, nor a slice of them per stage.
// Every operator still has process(b), the batch's rows in one slice;
// rows reach each consumer in the same order either way, and operators
// that need the whole batch (a join) pull it with process.

// rowOp is an operator that handles each row on its own, so that a batch
// can flow through it chunk by chunk.
type rowOp interface {
	operator
	// from is the operator whose rows it reads.
	from() operator
	// apply appends to out the rows that the rows in give, and returns out.
	apply(b *batch, in, out []Row) []Row
}

// streamer is an operator that emits its rows for a batch in chunks.
type streamer interface {
	operator
	stream(b *batch, fn func([]Row))
}

// streamRows hands fn the rows op emits for batch b, in order, in chunks:
// through row operators down to a streamer, or op's process in one chunk.
// fn may keep the rows but not the slice, which is reused.
func streamRows(op operator, b *batch, fn func([]Row)) {
	switch o := op.(type) {
	case rowOp:
		if f, ok := o.(*filterOp); ok && f.streamFiltered(b, fn) {
			return
		}
		if l, ok := o.(*lateOp); ok && l.streamLate(b, fn) {
			return
		}
		var buf []Row
		streamRows(o.from(), b, func(in []Row) {
			if buf = o.apply(b, in, buf[:0]); len(buf) > 0 {
				fn(buf)
			}
		})
	case markedOp:
		streamRows(o.operator, b, fn)
	case streamer:
		o.stream(b, fn)
	default:
		if rows := op.process(b); len(rows) > 0 {
			fn(rows)
		}
	}
}

// collect is the rows op emits for batch b, in one slice: the process of
// a row operator.
func collect(op operator, b *batch) []Row {
	var out []Row
	streamRows(op, b, func(rows []Row) { out = append(out, rows...) })
	return out
}

// sourceReads counts the source operators of each asset in the tree of
// op (an operator reached twice counts twice): a source read by one
// operator can be streamed from its scan, one read by more is read once
// into memory and shared.
func sourceReads(op operator, n map[string]int) map[string]int {
	if s, ok := op.(*sourceOp); ok {
		n[s.asset]++
	}
	for _, in := range op.inputs() {
		sourceReads(in, n)
	}
	return n
}

// ports are the ports of asset a the query's operators read
// (ir.PortValid, ir.PortInvalid).
func (q *Query) ports(a string) map[string]bool {
	out := map[string]bool{}
	var walk func(op operator)
	walk = func(op operator) {
		if s, ok := op.(*sourceOp); ok && s.asset == a {
			out[sourcePort(s.port)] = true
		}
		for _, in := range op.inputs() {
			walk(in)
		}
	}
	walk(q.c.root)
	return out
}

// sourcePort is the port a sourceOp of port p reads: the rejected rows or
// the valid ones (sourceOp.rows).
func sourcePort(p string) string {
	if p == ir.PortInvalid {
		return p
	}
	return ir.PortValid
}
