package engine

import (
	"maps"
	"slices"
	"time"
)

// Output modes of a streaming query.
const (
	ModeAppend   = "append"
	ModeUpdate   = "update"
	ModeComplete = "complete"
)

// aggGroup is the state of one aggregation group: its grouping key values,
// its window (microseconds; 0, 0 without a window) and its accumulators.
type aggGroup struct {
	Keys       []any
	Start, End int64
	Accs       []accState
	updated    bool
}

// aggregateOp is a streaming aggregation: StateStoreRestoreExec +
// StateStoreSaveExec (or their session-window variants around
// MergingSessionsExec). Per batch it drops late rows (the window end, or an
// event-time grouping key, at or before the late-events watermark:
// watermarkPredicateForDataForLateEvents; append and update modes only),
// folds the rest into the state, then emits by output mode with the
// eviction watermark:
//
//   - append: the groups whose window end (or event-time key) is at or
//     before the watermark, which are then evicted;
//   - update: the groups changed in this batch, then evicts the expired ones
//     without emitting them;
//   - complete: every group; nothing is evicted.
type aggregateOp struct {
	in     operator
	out    *Schema
	name   string
	keys   []evalFn
	win    *windowSpec
	wmKey  int // index in keys of an event-time grouping key, or -1
	aggs   []*aggFn
	mode   string
	groups keyedState[[]*aggGroup]
	// touched are the keys folded into in this batch (unsorted, may
	// repeat); expiry indexes the groups by window end (or event-time
	// key) so that eviction visits the expired ones only; rows counts the
	// groups.
	touched []string
	expiry  expiryIndex
	rows    int
	buf     [][2]int64
	kb      []byte
	keyBuf  []any
	// filterLate is false in complete mode: StateStoreSaveExec filters
	// late rows in append and update modes only.
	filterLate bool
}

func (a *aggregateOp) schema() *Schema { return a.out }

func (a *aggregateOp) inputs() []operator { return []operator{a.in} }

// late reports whether r is behind the watermark wm for this operator.
func (a *aggregateOp) late(r Row, wm int64) bool {
	if a.win != nil {
		t, ok := r[a.win.col].(time.Time)
		return ok && a.win.maxEnd(micros(t)) <= wm
	}
	if a.wmKey >= 0 {
		t, ok := a.keys[a.wmKey](r).(time.Time)
		return ok && micros(t) <= wm
	}
	return false
}

func (a *aggregateOp) process(b *batch) []Row {
	lateGroups := map[string]bool{}
	lateWm := b.lateEvents(a)
	streamRows(a.in, b, func(rows []Row) {
		for _, r := range rows {
			a.fold(lateWm, r, lateGroups)
		}
	})
	b.dropped += int64(len(lateGroups))
	return a.emit(b.eviction(a))
}

// fold adds one input row to its groups; a late row is dropped and its
// group counted once per batch (Spark counts the partially aggregated rows
// it drops, one per group and input partition; here one partition).
func (a *aggregateOp) fold(lateWm int64, r Row, lateGroups map[string]bool) {
	a.kb = a.kb[:0]
	if cap(a.keyBuf) < len(a.keys) {
		a.keyBuf = make([]any, len(a.keys))
	}
	keys := a.keyBuf[:len(a.keys)]
	for i, k := range a.keys {
		keys[i] = k(r)
		a.kb = keyString(a.kb, keys[i])
	}
	if a.win == nil {
		if a.filterLate && a.wmKey >= 0 && lateWm > 0 && a.late(r, lateWm) {
			lateGroups[string(a.kb)] = true
			return
		}
		a.update(a.kb, keys, 0, 0, r)
		return
	}
	t, ok := r[a.win.col].(time.Time)
	if !ok {
		return // a NULL event time belongs to no window
	}
	base := len(a.kb)
	a.buf = a.win.assign(micros(t), a.buf)
	for _, w := range a.buf {
		a.kb = keyString(a.kb[:base], w[0])
		if a.filterLate && lateWm > 0 && w[1] <= lateWm {
			lateGroups[string(a.kb)] = true
			continue
		}
		if a.win.kind == "session" {
			a.session(string(a.kb[:base]), append([]any(nil), keys...), w, r)
			continue
		}
		a.update(a.kb, keys, w[0], w[1], r)
	}
}

// update folds r into the group of key k, creating it (with a copy of
// keys) when new.
func (a *aggregateOp) update(k []byte, keys []any, start, end int64, r Row) {
	gs := a.groups.m[string(k)]
	if len(gs) == 0 {
		ks := string(k)
		gs = []*aggGroup{{Keys: append([]any(nil), keys...), Start: start, End: end, Accs: make([]accState, len(a.aggs))}}
		a.groups.set(ks, gs)
		a.rows++
		a.index(ks, gs[0])
		a.touch(ks, gs[0])
	} else if !gs[0].updated {
		ks := string(k)
		a.groups.touch(ks)
		a.touch(ks, gs[0])
	}
	g := gs[0]
	for i, f := range a.aggs {
		f.add(&g.Accs[i], r)
	}
}

// touch marks g, of key k, updated in this batch.
func (a *aggregateOp) touch(k string, g *aggGroup) {
	g.updated = true
	a.touched = append(a.touched, k)
}

// index adds g, of key k, to the expiry index when the watermark can evict
// it.
func (a *aggregateOp) index(k string, g *aggGroup) {
	if t, ok := a.expiresAt(g); ok {
		a.expiry.add(t, k)
	}
}

// expiresAt is the watermark at which g expires (its window end or
// event-time key); ok is false when it never does (complete mode, or no
// event time).
func (a *aggregateOp) expiresAt(g *aggGroup) (int64, bool) {
	switch {
	case a.mode == ModeComplete:
		return 0, false
	case a.win != nil:
		return g.End, true
	case a.wmKey >= 0:
		t, ok := g.Keys[a.wmKey].(time.Time)
		return micros(t), ok
	}
	return 0, false
}

// session adds r as the session [t, t+gap) of its key and merges every
// session it overlaps or touches: MergingSessionsIterator extends the
// current session while the next start <= its end.
func (a *aggregateOp) session(k string, keys []any, w [2]int64, r Row) {
	g := &aggGroup{Keys: keys, Start: w[0], End: w[1], Accs: make([]accState, len(a.aggs)), updated: true}
	for i, f := range a.aggs {
		f.add(&g.Accs[i], r)
	}
	var keep []*aggGroup
	old := a.groups.m[k]
	for _, o := range old {
		if o.Start > g.End || g.Start > o.End {
			keep = append(keep, o)
			continue
		}
		first, second := o, g
		if g.Start < o.Start {
			first, second = g, o
		}
		merged := &aggGroup{Keys: keys, Start: min(o.Start, g.Start), End: max(o.End, g.End), Accs: first.Accs, updated: true}
		for i, f := range a.aggs {
			f.merge(&merged.Accs[i], second.Accs[i])
		}
		g = merged
	}
	a.groups.set(k, append(keep, g))
	a.rows += len(keep) + 1 - len(old)
	a.index(k, g)
	a.touched = append(a.touched, k)
}

// expired reports whether g's window end (or event-time key) is at or
// before the watermark.
func (a *aggregateOp) expired(g *aggGroup, wm int64) bool {
	if wm <= 0 {
		return false
	}
	if a.win != nil {
		return g.End <= wm
	}
	if a.wmKey >= 0 {
		t, ok := g.Keys[a.wmKey].(time.Time)
		return ok && micros(t) <= wm
	}
	return false
}

// emit produces the batch's output by mode and evicts the state expired
// at watermark wm, in key order. It visits the groups folded into in this
// batch and those the expiry index finds expired; complete mode, which
// outputs every group, visits them all.
func (a *aggregateOp) emit(wm int64) []Row {
	keys := a.touched
	if a.mode == ModeComplete {
		keys = slices.Collect(maps.Keys(a.groups.m))
	} else if wm > 0 {
		keys = append(keys, a.expiry.due(wm)...)
	}
	slices.Sort(keys)
	var out []Row
	for _, k := range slices.Compact(keys) {
		out = a.emitKey(k, wm, out)
	}
	a.touched = a.touched[:0]
	return out
}

// emitKey emits the groups of key k by mode and evicts its expired ones.
func (a *aggregateOp) emitKey(k string, wm int64, out []Row) []Row {
	gs := a.groups.m[k]
	n := 0 // expired groups
	for _, g := range gs {
		exp := a.evicts(g, wm)
		switch {
		case a.mode == ModeComplete, a.mode == ModeUpdate && g.updated, a.mode == ModeAppend && exp:
			out = append(out, a.row(g))
		}
		g.updated = false
		if exp {
			n++
		}
	}
	switch {
	case n == 0:
		return out
	case n == len(gs):
		a.groups.remove(k)
	default:
		keep := make([]*aggGroup, 0, len(gs)-n)
		for _, g := range gs {
			if !a.evicts(g, wm) {
				keep = append(keep, g)
			}
		}
		a.groups.set(k, keep)
	}
	a.rows -= n
	return out
}

// evicts reports whether the watermark wm evicts g (never in complete
// mode).
func (a *aggregateOp) evicts(g *aggGroup, wm int64) bool {
	return a.mode != ModeComplete && (a.win != nil || a.wmKey >= 0) && a.expired(g, wm)
}

// row renders a group as an output row: keys, window bounds, aggregates.
func (a *aggregateOp) row(g *aggGroup) Row {
	r := make(Row, 0, len(a.out.Cols))
	r = append(r, g.Keys...)
	if a.win != nil {
		r = append(r, fromMicros(g.Start), fromMicros(g.End))
	}
	for i, f := range a.aggs {
		r = append(r, f.result(&g.Accs[i]))
	}
	return r
}

// stateName is the operator's name in State() and state snapshots.
func (a *aggregateOp) stateName() string { return a.name }

// stateRows returns the number of groups held.
func (a *aggregateOp) stateRows() int { return a.rows }

// inspect returns the state as output rows (current aggregate values).
func (a *aggregateOp) inspect() (*Schema, []Row) {
	var out []Row
	for _, k := range slices.Sorted(maps.Keys(a.groups.m)) {
		for _, g := range a.groups.m[k] {
			out = append(out, a.row(g))
		}
	}
	return a.out, out
}

// writeState writes the groups by key: all, or those changed.
func (a *aggregateOp) writeState(w *stateWriter, whole bool) error {
	return a.groups.write(w, whole)
}

func (a *aggregateOp) clean() { a.groups.clean() }

func (a *aggregateOp) readState(r *stateReader, whole bool) error {
	return a.groups.read(r, whole)
}

// readLegacy reads a whole state/N: the map of groups by key.
func (a *aggregateOp) readLegacy(dec func(any) error) error {
	m := map[string][]*aggGroup{}
	if err := dec(&m); err != nil {
		return err
	}
	a.groups.replace(m)
	return nil
}

func (a *aggregateOp) compact(ins []*stateReader, out *stateWriter) error {
	return mergeRecords(ins, out)
}

// groupsCodec writes the groups of a key: keys, window, accumulators.
var groupsCodec = valueCodec[[]*aggGroup]{
	enc: func(e *valueEncoder, gs []*aggGroup) error {
		e.uvarint(uint64(len(gs)))
		for _, g := range gs {
			if err := e.values(g.Keys); err != nil {
				return err
			}
			e.varint(g.Start)
			e.varint(g.End)
			e.uvarint(uint64(len(g.Accs)))
			for i := range g.Accs {
				if err := encodeAcc(e, &g.Accs[i]); err != nil {
					return err
				}
			}
		}
		return nil
	},
	dec: func(d *valueDecoder) []*aggGroup {
		gs := make([]*aggGroup, d.count())
		for i := range gs {
			g := &aggGroup{Keys: d.values(), Start: d.varint(), End: d.varint()}
			g.Accs = make([]accState, d.count())
			for j := range g.Accs {
				decodeAcc(d, &g.Accs[j])
			}
			gs[i] = g
		}
		return gs
	},
}

func encodeAcc(e *valueEncoder, a *accState) error {
	e.varint(a.N)
	for _, v := range []any{a.Sum, a.V, a.Ord} {
		if err := e.value(v); err != nil {
			return err
		}
	}
	e.boolean(a.Has)
	e.uvarint(uint64(len(a.Seen)))
	for _, k := range slices.Sorted(maps.Keys(a.Seen)) {
		e.str(k)
		e.boolean(a.Seen[k])
	}
	e.boolean(a.Scaled)
	e.varint(a.IntSum)
	e.varint(int64(a.Exp))
	return nil
}

func decodeAcc(d *valueDecoder, a *accState) {
	a.N = d.varint()
	a.Sum, a.V, a.Ord = d.value(), d.value(), d.value()
	a.Has = d.boolean()
	if n := d.count(); n > 0 {
		a.Seen = make(map[string]bool, n)
		for range n {
			k := d.str()
			a.Seen[k] = d.boolean()
		}
	}
	a.Scaled = d.boolean()
	a.IntSum = d.varint()
	a.Exp = int32(d.varint())
}

// restored counts the groups and indexes them by expiry.
func (a *aggregateOp) restored() {
	a.rows, a.touched = 0, nil
	var idx []timed
	for k, gs := range a.groups.m {
		a.rows += len(gs)
		for _, g := range gs {
			if t, ok := a.expiresAt(g); ok {
				idx = append(idx, timed{t, k})
			}
		}
	}
	a.expiry.build(idx)
}
