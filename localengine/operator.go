package localengine

import (
	"time"
)

// operator is one compiled plan operator. process runs it for one
// micro-batch: it pulls its inputs' rows for the batch and returns its own.
type operator interface {
	schema() *Schema
	process(b *batch) []Row
	// inputs are the operators whose rows it reads (watermark.go).
	inputs() []operator
}

// batch is the context of one micro-batch of one query.
type batch struct {
	id int64
	// ts is the batch timestamp (processing-time clock), recorded in the
	// offset log so that a re-run sees the same one.
	ts time.Time
	// wm is the watermark for eviction (closing windows, expiring state)
	// in effect for the batch, in microseconds with Spark's millisecond
	// precision; 0 before any data.
	wm int64
	// lateWm is the watermark late rows are judged against: the previous
	// batch's watermark (Spark 3.4+ PropagateWatermarkSimulator:
	// getInputWatermarkForLateEvents(batch) = watermark of batch − 1, so that
	// chained stateful operators do not drop what the first one emits).
	lateWm int64
	// inputs are the rows read from each source asset.
	inputs map[string]*sourceBatch
	// wmMax is, per watermark operator, the max event time seen in this
	// batch (microseconds); wmSeen says whether it saw any row.
	wmMax  []int64
	wmSeen []bool
	// metrics of the batch.
	dropped int64 // numRowsDroppedByWatermark, all stateful operators
	late    int64 // rows routed to a late output
	// expects are the counts of the expectations the batch's rows met
	// and broke (expect.go).
	expects expectCounts
	// rolling are the batch's parts of the query's rolling gates, kept in
	// metrics/N at its commit (gates_rolling.go).
	rolling map[string]GateParts
}

// passOp is an operator that keeps its input's schema.
type passOp struct{ in operator }

func (p passOp) schema() *Schema { return p.in.schema() }

func (p passOp) inputs() []operator { return []operator{p.in} }

func (p passOp) from() operator { return p.in }

// filterOp keeps the rows whose predicate is true (NULL and false drop).
type filterOp struct {
	passOp
	pred evalFn
	// need marks the input columns pred reads (filter_packed.go), nil
	// when unknown.
	need []bool
}

func (f *filterOp) process(b *batch) []Row { return collect(f, b) }

func (f *filterOp) apply(_ *batch, in, out []Row) []Row {
	for _, r := range in {
		if ok, _ := f.pred(r).(bool); ok {
			out = append(out, r)
		}
	}
	return out
}

// projectOp computes a new row per input row (select, withColumn): each
// output column is either copied from an input column or computed.
type projectOp struct {
	in    operator
	out   *Schema
	exprs []evalFn
}

func (p *projectOp) schema() *Schema { return p.out }

func (p *projectOp) inputs() []operator { return []operator{p.in} }

func (p *projectOp) from() operator { return p.in }

func (p *projectOp) process(b *batch) []Row { return collect(p, b) }

// apply computes a new row per row (each its own allocation: a stateful
// operator downstream may keep a few of them for long).
func (p *projectOp) apply(_ *batch, in, out []Row) []Row {
	for _, r := range in {
		nr := make(Row, len(p.exprs))
		for j, e := range p.exprs {
			nr[j] = e(r)
		}
		out = append(out, nr)
	}
	return out
}

// unionOp concatenates its inputs (UNION ALL by column name).
type unionOp struct {
	ins  []operator
	maps [][]int // per input: output column → input column
}

func (u *unionOp) schema() *Schema { return u.ins[0].schema() }

func (u *unionOp) inputs() []operator { return u.ins }

func (u *unionOp) process(b *batch) []Row { return collect(u, b) }

// stream emits the rows of each input in turn, those of the later inputs
// mapped onto the first one's columns.
func (u *unionOp) stream(b *batch, fn func([]Row)) {
	for i, in := range u.ins {
		if i == 0 {
			streamRows(in, b, fn)
			continue
		}
		var buf []Row
		streamRows(in, b, func(rows []Row) {
			buf = buf[:0]
			for _, r := range rows {
				nr := make(Row, len(u.maps[i]))
				for j, k := range u.maps[i] {
					nr[j] = r[k]
				}
				buf = append(buf, nr)
			}
			fn(buf)
		})
	}
}

// watermarkOp is EventTimeWatermarkExec: it passes rows through and records
// the max event time it saw in the batch for the WatermarkTracker.
type watermarkOp struct {
	passOp
	col   int
	index int
	delay time.Duration
}

func (w *watermarkOp) process(b *batch) []Row { return collect(w, b) }

func (w *watermarkOp) apply(b *batch, in, out []Row) []Row {
	for _, r := range in {
		w.observe(b, r)
	}
	return append(out, in...)
}

// observe records the event time of r in the batch's max.
func (w *watermarkOp) observe(b *batch, r Row) {
	t, ok := r[w.col].(time.Time)
	if !ok {
		return
	}
	// Spark tracks event time in milliseconds (EventTimeStats).
	us := t.UnixMilli() * 1000
	if !b.wmSeen[w.index] || us > b.wmMax[w.index] {
		b.wmMax[w.index], b.wmSeen[w.index] = us, true
	}
}
