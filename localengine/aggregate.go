package localengine

import (
	"fmt"
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
	in    operator
	out   *Schema
	name  string
	keys  []evalFn
	win   *windowSpec
	wmKey int // index in keys of an event-time grouping key, or -1
	aggs  []*aggFn
	mode  string
	// groups maps each state key to its first group in table (groups of
	// one key: the sessions of a session window).
	groups keyedState[int32]
	table  groupTable
	// touched are the keys folded into in this batch (unsorted, may
	// repeat); expiry indexes the groups by window end (or event-time
	// key) so that eviction visits the expired ones only; rows counts the
	// groups.
	touched []string
	expiry  expiryIndex
	rows    int
	// buf, kb, keyBuf and ids are reused per row: a row's windows, its
	// state key, its key values, the group numbers of a key.
	buf    [][2]int64
	kb     []byte
	keyBuf []any
	ids    []int32
	// cells is what is left of the backing array of the rows emitted
	// last; boxed are the window bounds they carry, each boxed once
	// (boxTime); bx boxes their sums (box_slab.go).
	cells []any
	boxed map[int64]any
	bx    *boxes
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

func (a *aggregateOp) process(b *batch) []Row { return collect(a, b) }

// stream folds the batch's rows into the state, then emits its output in
// chunks of about emitChunk rows, so that a consumer streaming them (a
// file sink) never holds them all.
func (a *aggregateOp) stream(b *batch, fn func([]Row)) {
	lateGroups := map[string]bool{}
	lateWm := b.lateEvents(a)
	streamRows(a.in, b, func(rows []Row) {
		for _, r := range rows {
			a.fold(lateWm, r, lateGroups)
		}
	})
	b.dropped += int64(len(lateGroups))
	a.emit(b.eviction(a), fn)
}

// emitChunk is about the most rows an aggregation emits in one chunk.
const emitChunk = 4096

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
		a.kb = keyInt(a.kb[:base], w[0])
		if a.filterLate && lateWm > 0 && w[1] <= lateWm {
			lateGroups[string(a.kb)] = true
			continue
		}
		if a.win.kind == "session" {
			a.session(string(a.kb[:base]), keys, w, r)
			continue
		}
		a.update(a.kb, keys, w[0], w[1], r)
	}
}

// update folds r into the group of key k, creating it (with a copy of
// keys) when new.
func (a *aggregateOp) update(k []byte, keys []any, start, end int64, r Row) {
	t := &a.table
	g, ok := a.groups.m[string(k)]
	if !ok || g < 0 {
		ks := string(k)
		g = t.add(keys, start, end)
		a.groups.set(ks, g)
		a.rows++
		a.index(ks, g)
		a.touch(ks, g)
	} else if !t.isUpdated(g) {
		ks := string(k)
		a.groups.touch(ks, g)
		a.touch(ks, g)
	}
	t.fold(g, a.aggs, r)
}

// touch marks group g, of key k, updated in this batch.
func (a *aggregateOp) touch(k string, g int32) {
	a.table.setUpdated(g, true)
	a.touched = append(a.touched, k)
}

// index adds group g, of key k, to the expiry index when the watermark
// can evict it.
func (a *aggregateOp) index(k string, g int32) {
	if t, ok := a.expiresAt(g); ok {
		a.expiry.add(t, k)
	}
}

// expiresAt is the watermark at which group g expires (its window end or
// event-time key); ok is false when it never does (complete mode, or no
// event time).
func (a *aggregateOp) expiresAt(g int32) (int64, bool) {
	switch {
	case a.mode == ModeComplete:
		return 0, false
	case a.win != nil:
		return a.table.end(g), true
	case a.wmKey >= 0:
		t, ok := a.table.groupKeys(g)[a.wmKey].(time.Time)
		return micros(t), ok
	}
	return 0, false
}

// session adds r as the session [t, t+gap) of its key and merges every
// session it overlaps or touches: MergingSessionsIterator extends the
// current session while the next start <= its end. A merged session
// keeps the accumulators of the earlier one, the later one folded in.
func (a *aggregateOp) session(k string, keys []any, w [2]int64, r Row) {
	t := &a.table
	g := t.add(keys, w[0], w[1])
	t.fold(g, a.aggs, r)
	head, ok := a.groups.m[k]
	if !ok {
		head = -1
	}
	keep, old := a.ids[:0], 0
	for o := head; o >= 0; {
		next := t.nextOf(o)
		old++
		if t.start(o) > t.end(g) || t.start(g) > t.end(o) {
			keep = append(keep, o)
			o = next
			continue
		}
		first, second := o, g
		if t.start(g) < t.start(o) {
			first, second = g, o
		}
		s, e := min(t.start(o), t.start(g)), max(t.end(o), t.end(g))
		t.merge(first, second, a.aggs)
		t.remove(second)
		copy(t.groupKeys(first), keys)
		t.setBounds(first, s, e)
		g, o = first, next
	}
	t.setUpdated(g, true)
	a.ids = append(keep, g)
	a.groups.set(k, t.link(a.ids))
	a.rows += len(keep) + 1 - old
	a.index(k, g)
	a.touched = append(a.touched, k)
}

// expired reports whether group g's window end (or event-time key) is at
// or before the watermark.
func (a *aggregateOp) expired(g int32, wm int64) bool {
	if wm <= 0 {
		return false
	}
	if a.win != nil {
		return a.table.end(g) <= wm
	}
	if a.wmKey >= 0 {
		t, ok := a.table.groupKeys(g)[a.wmKey].(time.Time)
		return ok && micros(t) <= wm
	}
	return false
}

// emit hands fn the batch's output by mode, in chunks, and evicts the state expired
// at watermark wm, in key order. It visits the groups folded into in this
// batch and those the expiry index finds expired; complete mode, which
// outputs every group, visits them all. The table then shrinks when the
// eviction left it mostly free.
func (a *aggregateOp) emit(wm int64, fn func([]Row)) {
	keys := a.touched
	if a.mode == ModeComplete {
		keys = slices.Collect(maps.Keys(a.groups.m))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	if a.mode != ModeComplete && wm > 0 {
		keys = mergeSorted(keys, a.expiry.due(wm)) // due's keys come sorted
	}
	// every key this batch changed is among them: the delta of the state
	// needs not sort them again (a copy: touched is reused)
	a.groups.sortedKeys(slices.Clone(keys))
	a.bx = newBoxes(min(len(keys), rowSlab*64))
	var out []Row
	for _, k := range keys {
		if out = a.emitKey(k, wm, out); len(out) >= emitChunk {
			fn(out)
			out = out[:0]
		}
	}
	if len(out) > 0 {
		fn(out)
	}
	a.touched = a.touched[:0]
	if a.table.shrink(a.groups.m) {
		a.groups.refresh()
	}
}

// mergeSorted merges a and b, each sorted and unique, into a new slice
// sorted and unique (b when a is empty).
func mergeSorted(a, b []string) []string {
	if len(a) == 0 {
		return b
	}
	out := make([]string, 0, len(a)+len(b))
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] < b[0]:
			out, a = append(out, a[0]), a[1:]
		case b[0] < a[0]:
			out, b = append(out, b[0]), b[1:]
		default:
			out, a, b = append(out, a[0]), a[1:], b[1:]
		}
	}
	return append(append(out, a...), b...)
}

// emitKey emits the groups of key k by mode and evicts its expired ones.
func (a *aggregateOp) emitKey(k string, wm int64, out []Row) []Row {
	t := &a.table
	head, ok := a.groups.get(k)
	if !ok {
		return out
	}
	gs := t.collect(head, a.ids[:0])
	n := 0 // expired groups
	for _, g := range gs {
		exp := a.evicts(g, wm)
		switch {
		case a.mode == ModeComplete, a.mode == ModeUpdate && t.isUpdated(g), a.mode == ModeAppend && exp:
			out = append(out, a.row(g))
		}
		t.setUpdated(g, false)
		if exp {
			n++
		}
	}
	a.ids = gs
	if n == 0 {
		return out
	}
	keep := gs[:0]
	for _, g := range gs {
		if a.evicts(g, wm) {
			t.remove(g)
		} else {
			keep = append(keep, g)
		}
	}
	if len(keep) == 0 {
		a.groups.remove(k)
	} else {
		a.groups.set(k, t.link(keep))
	}
	a.rows -= n
	return out
}

// evicts reports whether the watermark wm evicts group g (never in
// complete mode).
func (a *aggregateOp) evicts(g int32, wm int64) bool {
	return a.mode != ModeComplete && (a.win != nil || a.wmKey >= 0) && a.expired(g, wm)
}

// rowSlab is how many output rows share one backing array.
const rowSlab = 64

// row renders group g as an output row: keys, window bounds, aggregates.
// Rows share backing arrays of rowSlab rows, and the rows of one window
// its boxed bounds.
func (a *aggregateOp) row(g int32) Row {
	t := &a.table
	w := len(a.out.Cols)
	if len(a.cells) < w {
		a.cells = make([]any, w*rowSlab)
	}
	r := Row(a.cells[:0:w])
	a.cells = a.cells[w:]
	r = append(r, t.groupKeys(g)...)
	if a.win != nil {
		r = append(r, a.boxTime(t.start(g)), a.boxTime(t.end(g)))
	}
	for i, f := range a.aggs {
		r = append(r, t.result(g, i, f, a.bx))
	}
	return r
}

// boxTime is the UTC time of microsecond timestamp us, boxed: the value
// boxed before for us (the windows of one batch's output are few).
func (a *aggregateOp) boxTime(us int64) any {
	if v, ok := a.boxed[us]; ok {
		return v
	}
	if a.boxed == nil || len(a.boxed) >= 1024 {
		a.boxed = map[int64]any{}
	}
	v := any(fromMicros(us))
	a.boxed[us] = v
	return v
}

// stateName is the operator's name in State() and state snapshots.
func (a *aggregateOp) stateName() string { return a.name }

// stateRows returns the number of groups held.
func (a *aggregateOp) stateRows() int { return a.rows }

// inspect returns the state as output rows (current aggregate values).
func (a *aggregateOp) inspect() (*Schema, []Row) {
	var out []Row
	for _, k := range slices.Sorted(maps.Keys(a.groups.m)) {
		for g := a.groups.m[k]; g >= 0; g = a.table.nextOf(g) {
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

// readState reads the groups by key into the table (a whole state
// replaces it); restored then frees the groups a delta replaced.
func (a *aggregateOp) readState(r *stateReader, whole bool) error {
	if whole {
		a.table.reset()
	}
	return a.groups.read(r, whole)
}

// readLegacy reads a whole state/N: the map of groups by key.
func (a *aggregateOp) readLegacy(dec func(any) error) error {
	m := map[string][]*aggGroup{}
	if err := dec(&m); err != nil {
		return err
	}
	a.table.reset()
	heads := make(map[string]int32, len(m))
	for k, gs := range m {
		head, ok := a.table.insert(gs)
		if !ok {
			return fmt.Errorf("key %q: %w", k, errCorrupt)
		}
		heads[k] = head
	}
	a.groups.replace(heads)
	return nil
}

func (a *aggregateOp) compact(ins []*stateReader, out *stateWriter) error {
	return mergeRecords(ins, out)
}

// restored frees the groups no key holds any more (and renumbers the
// rest when they are few: shrink), counts them and indexes them by
// expiry.
func (a *aggregateOp) restored() {
	a.touched = nil
	a.rows = a.table.sweep(maps.Values(a.groups.m))
	a.table.shrink(a.groups.m)
	var idx []timed
	for k, head := range a.groups.m {
		for g := head; g >= 0; g = a.table.nextOf(g) {
			if t, ok := a.expiresAt(g); ok {
				idx = append(idx, timed{t, k})
			}
		}
	}
	a.expiry.build(idx)
}
