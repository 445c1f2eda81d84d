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
	groups map[string][]*aggGroup
	buf    [][2]int64
	kb     []byte
	keyBuf []any
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
	gs := a.groups[string(k)]
	if len(gs) == 0 {
		gs = []*aggGroup{{Keys: append([]any(nil), keys...), Start: start, End: end, Accs: make([]accState, len(a.aggs))}}
		a.groups[string(k)] = gs
	}
	g := gs[0]
	for i, f := range a.aggs {
		f.add(&g.Accs[i], r)
	}
	g.updated = true
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
	for _, o := range a.groups[k] {
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
	a.groups[k] = append(keep, g)
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
// at watermark wm.
func (a *aggregateOp) emit(wm int64) []Row {
	var out []Row
	for _, k := range slices.Sorted(maps.Keys(a.groups)) {
		var keep []*aggGroup
		for _, g := range a.groups[k] {
			exp := a.mode != ModeComplete && (a.win != nil || a.wmKey >= 0) && a.expired(g, wm)
			switch {
			case a.mode == ModeComplete, a.mode == ModeUpdate && g.updated, a.mode == ModeAppend && exp:
				out = append(out, a.row(g))
			}
			g.updated = false
			if !exp {
				keep = append(keep, g)
			}
		}
		if len(keep) == 0 {
			delete(a.groups, k)
		} else {
			a.groups[k] = keep
		}
	}
	return out
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
func (a *aggregateOp) stateRows() int {
	n := 0
	for _, gs := range a.groups {
		n += len(gs)
	}
	return n
}

// inspect returns the state as output rows (current aggregate values).
func (a *aggregateOp) inspect() (*Schema, []Row) {
	var out []Row
	for _, k := range slices.Sorted(maps.Keys(a.groups)) {
		for _, g := range a.groups[k] {
			out = append(out, a.row(g))
		}
	}
	return a.out, out
}

// snapshot returns the state for the checkpoint.
func (a *aggregateOp) snapshot() any { return a.groups }

// restore replaces the state with a snapshot.
func (a *aggregateOp) restore(dec func(any) error) error {
	m := map[string][]*aggGroup{}
	if err := dec(&m); err != nil {
		return err
	}
	a.groups = m
	return nil
}
