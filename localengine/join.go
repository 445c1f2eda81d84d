package localengine

import (
	"maps"
	"slices"
	"time"

	"github.com/etlgen/etlgen/framework/ir"
)

// joinRow is a row held in a stream–stream join's state.
type joinRow struct {
	Row     Row
	Matched bool
}

// joinSide is one input of a join with its key and time columns.
type joinSide struct {
	in   operator
	keys []int
	tcol int // event-time column of the time range, or -1
	// wcol is the side's watermarked column (Spark's
	// WatermarkSupport.findEventTimeColumn), which late rows are judged
	// on, or -1: a side without a watermark drops no late rows.
	wcol int
	// evict is whether the side's state is evicted by a state value
	// watermark (Spark's getOneSideStateWatermarkPredicate with a time
	// range and no watermarked join key): the side has a watermark and the
	// other side's range column carries one.
	evict bool
}

// joinOp is a stream–stream equi-join with an optional event-time range,
// StreamingSymmetricHashJoinExec: per batch each side drops its rows at or
// before its late-events watermark, joins the new left rows with the right
// state, then the new right rows with the left state (which now holds this
// batch's left rows), so each pair is emitted once; both sides are stored.
// Then state is evicted with the join's eviction watermark W
// (getStateWatermarkPredicates), and an outer join emits each evicted
// unmatched row of a preserved side with NULLs for the other side:
//
//   - a watermarked join key (a key whose left or right column is an
//     event-time column: isWatermarkInJoinKeys) evicts the rows of both
//     sides whose key column at that position is at or before W;
//   - otherwise, with a time range right.t BETWEEN left.t + lower AND
//     left.t + upper, a side that has a watermark, when the other side's
//     range column carries one, evicts the rows whose watermarked column is
//     at or before its state value watermark: W − upper − 1 ms for the
//     left, W + lower − 1 ms for the right (getStateValueWatermark, whose
//     inclusive bounds subtract a millisecond).
//
// Only a side with a watermark drops late rows. The join's output
// watermark is the min of the two sides' state watermarks and W
// (produceOutputWatermark): what a downstream stateful operator evicts
// and judges late rows with.
//
// A left semi join (Spark 3.1+, OneSideHashJoiner with LeftSemi) outputs
// each left row once, when its first match arrives: a new left row that
// matches the right state is emitted at once and not stored; otherwise it
// is stored unmatched. A new right row emits every stored left row it
// matches that has not matched yet, marks it matched, and is stored. Both
// sides are evicted as above; an evicted left row is never emitted.
type joinOp struct {
	name        string
	left, right joinSide
	typ         ir.JoinType
	lower       int64
	upper       int64
	ranged      bool
	out         *Schema
	outMap      []int // output column → index in left ++ right, -1 merged key
	merged      []int // for merged keys: left index, right index (coalesce)
	static      bool
	// keyWm is the position of the watermarked join key, or -1.
	keyWm int
	state [2]keyedState[[]*joinRow]
	// expiry indexes each side's rows by the time they are evicted at, so
	// that eviction visits the expired ones only; rows counts them.
	expiry [2]expiryIndex
	rows   [2]int
	kb     []byte
}

func (j *joinOp) schema() *Schema { return j.out }

func (j *joinOp) inputs() []operator { return []operator{j.left.in, j.right.in} }

func (j *joinOp) key(r Row, cols []int) (string, bool) {
	j.kb = j.kb[:0]
	for _, c := range cols {
		if r[c] == nil {
			return "", false
		}
		j.kb = keyString(j.kb, r[c])
	}
	return string(j.kb), true
}

func (j *joinOp) lateRow(s joinSide, r Row, wm int64) bool {
	if s.wcol < 0 || wm <= 0 || j.static {
		return false
	}
	t, ok := r[s.wcol].(time.Time)
	return ok && micros(t) <= wm
}

func (j *joinOp) process(b *batch) []Row {
	if j.static {
		return j.staticJoin(b)
	}
	var out []Row
	sides := [2]joinSide{j.left, j.right}
	lateWm := b.lateEvents(j)
	for i, s := range sides {
		for _, r := range s.in.process(b) {
			if j.lateRow(s, r, lateWm) {
				b.dropped++
				continue
			}
			if j.typ == ir.JoinSemi {
				out = j.probeSemi(i, r, out)
				continue
			}
			out = j.probe(i, r, out)
		}
	}
	return append(out, j.evict(b.eviction(j))...)
}

// probe joins r (of side i) with the other side's state and stores it.
func (j *joinOp) probe(i int, r Row, out []Row) []Row {
	cols := [2][]int{j.left.keys, j.right.keys}
	k, ok := j.key(r, cols[i])
	jr := &joinRow{Row: r}
	if ok {
		for _, o := range j.state[1-i].m[k] {
			l, rr := r, o.Row
			if i == 1 {
				l, rr = o.Row, r
			}
			if j.inRange(l, rr) {
				out = append(out, j.combine(l, rr))
				j.match(1-i, k, o)
				jr.Matched = true
			}
		}
	}
	j.store(i, k, jr)
	return out
}

// store adds jr to the state of side i under key k.
func (j *joinOp) store(i int, k string, jr *joinRow) {
	j.state[i].set(k, append(j.state[i].m[k], jr))
	j.rows[i]++
	if t, ok := j.evictsAt(i, jr); ok {
		j.expiry[i].add(t, k)
	}
}

// match marks o, a row of side i under key k, matched.
func (j *joinOp) match(i int, k string, o *joinRow) {
	if !o.Matched {
		o.Matched = true
		j.state[i].touch(k, j.state[i].m[k])
	}
}

// evictCol is the column the rows of side i are evicted by; ok is false
// when the side's state is never evicted (stateWatermarks).
func (j *joinOp) evictCol(i int) (int, bool) {
	s, ok := j.left, j.left.evict
	if i == 1 {
		s, ok = j.right, j.right.evict
	}
	switch {
	case j.keyWm >= 0:
		return s.keys[j.keyWm], true
	case !j.ranged || !ok:
		return -1, false
	}
	return s.wcol, s.wcol >= 0
}

// evictsAt is the time (µs) at which jr, a row of side i, is evicted once
// the side's state watermark reaches it; ok is false when never.
func (j *joinOp) evictsAt(i int, jr *joinRow) (int64, bool) {
	col, ok := j.evictCol(i)
	if !ok {
		return 0, false
	}
	t, ok := jr.Row[col].(time.Time)
	return micros(t), ok
}

// probeSemi is probe for a left semi join. A row with a NULL key is
// dropped: it can never match, and Spark filters it before the join (the
// optimizer infers isnotnull on the keys of both sides of a semi join).
func (j *joinOp) probeSemi(i int, r Row, out []Row) []Row {
	if i == 0 {
		k, ok := j.key(r, j.left.keys)
		if !ok {
			return out
		}
		for _, o := range j.state[1].m[k] {
			if j.inRange(r, o.Row) {
				return append(out, r)
			}
		}
		j.store(0, k, &joinRow{Row: r})
		return out
	}
	k, ok := j.key(r, j.right.keys)
	if !ok {
		return out
	}
	jr := &joinRow{Row: r}
	for _, o := range j.state[0].m[k] {
		if !o.Matched && j.inRange(o.Row, r) {
			j.match(0, k, o)
			jr.Matched = true
			out = append(out, o.Row)
		}
	}
	j.store(1, k, jr)
	return out
}

func (j *joinOp) inRange(l, r Row) bool {
	if !j.ranged {
		return true
	}
	lt, ok1 := l[j.left.tcol].(time.Time)
	rt, ok2 := r[j.right.tcol].(time.Time)
	if !ok1 || !ok2 {
		return false
	}
	d := micros(rt) - micros(lt)
	return d >= j.lower && d <= j.upper
}

// usesWatermark is the first half of StreamingSymmetricHashJoinExec's
// shouldRunAnotherBatch: whether the watermark cleans any state (a state
// watermark on either side), so that a moved watermark needs a no-data
// batch.
func (j *joinOp) usesWatermark() bool {
	return j.keyWm >= 0 || (j.ranged && (j.left.evict || j.right.evict))
}

// stateWatermarks are the state watermarks of the left and right sides for
// eviction watermark wm (getStateWatermark); ok false when a side's state
// is never evicted.
func (j *joinOp) stateWatermarks(wm int64) (l, r int64, lok, rok bool) {
	if j.keyWm >= 0 {
		return wm, wm, true, true
	}
	if !j.ranged {
		return 0, 0, false, false
	}
	return truncMillis(wm-j.upper) - 1000, truncMillis(wm+j.lower) - 1000, j.left.evict, j.right.evict
}

// produceWatermark is the join's output watermark for input watermark in:
// the min of the state watermarks and in.
func (j *joinOp) produceWatermark(in int64) (int64, bool) {
	if j.static {
		return in, true
	}
	out := in
	l, r, lok, rok := j.stateWatermarks(in)
	if lok {
		out = min(out, l)
	}
	if rok {
		out = min(out, r)
	}
	return out, true
}

// evict drops state rows no future row can match, emitting outer rows.
func (j *joinOp) evict(wm int64) []Row {
	if wm <= 0 {
		return nil
	}
	lw, rw, lok, rok := j.stateWatermarks(wm)
	var out []Row
	for i := range 2 {
		col, ok := j.evictCol(i)
		bound := lw
		if i == 1 {
			bound, ok = rw, ok && rok
		} else {
			ok = ok && lok
		}
		if !ok {
			continue
		}
		outer := j.typ == ir.JoinFull || (i == 0 && j.typ == ir.JoinLeft) || (i == 1 && j.typ == ir.JoinRight)
		out = j.evictSide(i, col, bound, outer, out)
	}
	return out
}

// evictSide drops the rows of side i whose column col is at or before
// bound, emitting the unmatched ones of a preserved (outer) side, in key
// order; the expiry index names the keys that hold such rows.
func (j *joinOp) evictSide(i, col int, bound int64, outer bool, out []Row) []Row {
	for _, k := range j.expiry[i].due(bound) {
		rs := j.state[i].m[k]
		var keep []*joinRow
		for _, jr := range rs {
			t, ok := jr.Row[col].(time.Time)
			if !ok || micros(t) > bound {
				keep = append(keep, jr)
				continue
			}
			if outer && !jr.Matched {
				out = append(out, j.nullRow(i, jr.Row))
			}
		}
		switch {
		case len(keep) == len(rs):
			continue
		case len(keep) == 0:
			j.state[i].remove(k)
		default:
			j.state[i].set(k, keep)
		}
		j.rows[i] -= len(rs) - len(keep)
	}
	return out
}

// staticJoin joins the batch's stream rows with the whole static side
// (inner, left outer, left semi, left anti).
func (j *joinOp) staticJoin(b *batch) []Row {
	idx := map[string][]Row{}
	for _, r := range j.right.in.process(b) {
		if k, ok := j.key(r, j.right.keys); ok {
			idx[k] = append(idx[k], r)
		}
	}
	var out []Row
	for _, l := range j.left.in.process(b) {
		k, ok := j.key(l, j.left.keys)
		matches := idx[k]
		if !ok {
			matches = nil
		}
		switch {
		case j.typ == ir.JoinSemi:
			if len(matches) > 0 {
				out = append(out, l)
			}
			continue
		case j.typ == ir.JoinAnti:
			if len(matches) == 0 {
				out = append(out, l)
			}
			continue
		}
		for _, r := range matches {
			out = append(out, j.combine(l, r))
		}
		if len(matches) == 0 && j.typ == ir.JoinLeft {
			out = append(out, j.nullRow(0, l))
		}
	}
	return out
}

// combine builds the output row of a matched pair.
func (j *joinOp) combine(l, r Row) Row {
	both := append(append(make(Row, 0, len(l)+len(r)), l...), r...)
	return j.project(both)
}

// nullRow builds the output row of an unmatched row of side i.
func (j *joinOp) nullRow(i int, r Row) Row {
	nl, nr := len(j.left.in.schema().Cols), len(j.right.in.schema().Cols)
	both := make(Row, nl+nr)
	if i == 0 {
		copy(both, r)
	} else {
		copy(both[nl:], r)
	}
	return j.project(both)
}

func (j *joinOp) project(both Row) Row {
	out := make(Row, len(j.outMap))
	for c, k := range j.outMap {
		if k >= 0 {
			out[c] = both[k]
			continue
		}
		l, r := j.merged[2*(-k-1)], j.merged[2*(-k-1)+1]
		out[c] = both[l]
		if out[c] == nil {
			out[c] = both[r]
		}
	}
	return out
}

func (j *joinOp) stateName() string { return j.name }

func (j *joinOp) stateRows() int { return j.rows[0] + j.rows[1] }

// writeState writes the left side's rows by key, then the right's.
func (j *joinOp) writeState(w *stateWriter, whole bool) error {
	if err := j.state[0].write(w, whole); err != nil {
		return err
	}
	return j.state[1].write(w, whole)
}

func (j *joinOp) clean() {
	j.state[0].clean()
	j.state[1].clean()
}

func (j *joinOp) readState(r *stateReader, whole bool) error {
	if err := j.state[0].read(r, whole); err != nil {
		return err
	}
	return j.state[1].read(r, whole)
}

// readLegacy reads a whole state/N: both sides' maps of rows by key.
func (j *joinOp) readLegacy(dec func(any) error) error {
	var st [2]map[string][]*joinRow
	if err := dec(&st); err != nil {
		return err
	}
	for i := range st {
		j.state[i].replace(st[i])
	}
	return nil
}

func (j *joinOp) compact(ins []*stateReader, out *stateWriter) error {
	if err := mergeRecords(ins, out); err != nil {
		return err
	}
	return mergeRecords(ins, out)
}

// joinRowsCodec writes the rows of a key: each row's values and whether
// it matched.
var joinRowsCodec = valueCodec[[]*joinRow]{
	enc: func(e *valueEncoder, rs []*joinRow) error {
		e.uvarint(uint64(len(rs)))
		for _, jr := range rs {
			if err := e.values(jr.Row); err != nil {
				return err
			}
			e.boolean(jr.Matched)
		}
		return nil
	},
	dec: func(d *valueDecoder) []*joinRow {
		rs := make([]*joinRow, d.count())
		for i := range rs {
			rs[i] = &joinRow{Row: d.values(), Matched: d.boolean()}
		}
		return rs
	},
}

// restored counts each side's rows and indexes them by eviction time.
func (j *joinOp) restored() {
	for i := range j.state {
		j.rows[i] = 0
		var idx []timed
		for k, rs := range j.state[i].m {
			j.rows[i] += len(rs)
			for _, jr := range rs {
				if t, ok := j.evictsAt(i, jr); ok {
					idx = append(idx, timed{t, k})
				}
			}
		}
		j.expiry[i].build(idx)
	}
}

func (j *joinOp) inspect() (*Schema, []Row) {
	s := NewSchema([]Column{{Name: "side"}, {Name: "key"}, {Name: "row"}, {Name: "matched"}})
	var out []Row
	for i, side := range [2]string{"left", "right"} {
		for _, k := range slices.Sorted(maps.Keys(j.state[i].m)) {
			for _, jr := range j.state[i].m[k] {
				out = append(out, Row{side, k, jr.Row, jr.Matched})
			}
		}
	}
	return s, out
}
