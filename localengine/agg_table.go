package localengine

// groupTable holds an aggregation's groups in memory as flat columns
// indexed by group number, with no object per group: the grouping key
// values (nkeys a group), the window bounds, the link to the next group of
// the same state key (session windows keep several; -1 ends the list),
// whether the group changed in this batch, and one accColumn per
// aggregate. The operator's keyedState maps each state key to its first
// group. Removed groups' numbers are reused. aggGroup and accState remain
// the form groups take in state files (agg_codec.go). The columns are
// paged (column.go): a growing table allocates a page at a time and never
// copies the groups it holds.
type groupTable struct {
	nkeys   int
	keys    column[any]
	bounds  column[int64] // start, end (µs) of each group
	next    column[int32]
	updated column[bool]
	accs    []accColumn
	free    []int32
}

// newGroupTable makes the table of groups of nkeys keys and the
// aggregates aggs.
func newGroupTable(nkeys int, aggs []*aggFn) groupTable {
	t := groupTable{nkeys: nkeys, accs: make([]accColumn, len(aggs))}
	t.keys.stride, t.bounds.stride = nkeys, 2
	for i, f := range aggs {
		t.accs[i].layout = layoutOf(f.kind)
	}
	return t
}

// add stores a new group of key values keys (copied) and window
// [start, end), with zero accumulators, and returns its number.
func (t *groupTable) add(keys []any, start, end int64) int32 {
	if n := len(t.free); n > 0 {
		g := t.free[n-1]
		t.free = t.free[:n-1]
		copy(t.groupKeys(g), keys)
		t.setBounds(g, start, end)
		return g
	}
	g := t.next.grow()
	t.keys.grow()
	t.bounds.grow()
	t.updated.grow()
	copy(t.groupKeys(g), keys)
	t.setBounds(g, start, end)
	t.setNext(g, -1)
	for i := range t.accs {
		t.accs[i].grow()
	}
	return g
}

// remove frees group g for reuse, releasing the values it refers to.
func (t *groupTable) remove(g int32) {
	clear(t.groupKeys(g))
	t.setNext(g, -1)
	t.setUpdated(g, false)
	for i := range t.accs {
		t.accs[i].clear(g)
	}
	t.free = append(t.free, g)
}

// reset removes every group.
func (t *groupTable) reset() {
	t.keys.reset()
	t.bounds.reset()
	t.next.reset()
	t.updated.reset()
	t.free = nil
	for i := range t.accs {
		t.accs[i].reset()
	}
}

// groupKeys are the grouping key values of group g (the table's own).
func (t *groupTable) groupKeys(g int32) []any {
	if t.nkeys == 0 {
		return nil
	}
	return t.keys.row(g)
}

// size is the number of group numbers, free ones included.
func (t *groupTable) size() int { return t.next.n }

func (t *groupTable) start(g int32) int64 { return t.bounds.row(g)[0] }
func (t *groupTable) end(g int32) int64   { return t.bounds.row(g)[1] }

// setBounds sets the window of group g to [start, end).
func (t *groupTable) setBounds(g int32, start, end int64) {
	b := t.bounds.row(g)
	b[0], b[1] = start, end
}

// nextOf is the group after g of its state key, -1 when none.
func (t *groupTable) nextOf(g int32) int32 { return *t.next.at(g) }

func (t *groupTable) setNext(g, n int32) { *t.next.at(g) = n }

// isUpdated reports whether group g changed in this batch.
func (t *groupTable) isUpdated(g int32) bool { return *t.updated.at(g) }

func (t *groupTable) setUpdated(g int32, u bool) { *t.updated.at(g) = u }

// fold adds row r to the accumulators of group g.
func (t *groupTable) fold(g int32, aggs []*aggFn, r Row) {
	var a accState
	for i, f := range aggs {
		c := &t.accs[i]
		if c.fold(g, f, r) {
			continue
		}
		c.load(g, &a)
		f.add(&a, r)
		c.store(g, &a)
	}
}

// merge folds the accumulators of group src (a later session) into
// those of dst.
func (t *groupTable) merge(dst, src int32, aggs []*aggFn) {
	var a, b accState
	for i, f := range aggs {
		c := &t.accs[i]
		c.load(dst, &a)
		c.load(src, &b)
		f.merge(&a, b)
		c.store(dst, &a)
	}
}

// result is the value of aggregate i, f, of group g; bx boxes a sum.
func (t *groupTable) result(g int32, i int, f *aggFn, bx *boxes) any {
	var a accState
	t.accs[i].load(g, &a)
	return f.result(&a, bx)
}

// link chains groups gs in order (the groups of one state key) and
// returns the first, -1 when there is none.
func (t *groupTable) link(gs []int32) int32 {
	for i, g := range gs {
		t.setNext(g, -1)
		if i > 0 {
			t.setNext(gs[i-1], g)
		}
	}
	if len(gs) == 0 {
		return -1
	}
	return gs[0]
}

// collect appends to ids the groups chained from head, in order.
func (t *groupTable) collect(head int32, ids []int32) []int32 {
	for g := head; g >= 0; g = t.nextOf(g) {
		ids = append(ids, g)
	}
	return ids
}

// sweep frees the groups no state key reaches from heads (those a
// restore overwrote or removed) and returns how many groups are live.
func (t *groupTable) sweep(heads func(yield func(int32) bool)) int {
	live := make([]bool, t.size())
	n := 0
	for h := range heads {
		for g := h; g >= 0; g = t.nextOf(g) {
			live[g] = true
			n++
		}
	}
	t.free = t.free[:0]
	for g, ok := range live {
		if !ok {
			t.remove(int32(g))
		}
	}
	return n
}

// shrinkMin is the fewest group numbers a table renumbers (shrink).
const shrinkMin = 1024

// shrink renumbers the groups densely once at least three quarters of
// the numbers are free (after an eviction), so that the columns take the
// memory of the groups held, not of the most ever held; heads, the first
// group of each state key, are renumbered in place. It reports whether
// it renumbered.
func (t *groupTable) shrink(heads map[string]int32) bool {
	if n := t.size(); n < shrinkMin || 4*len(t.free) < 3*n {
		return false
	}
	nt := newGroupTable(t.nkeys, nil)
	nt.accs = make([]accColumn, len(t.accs))
	for i := range t.accs {
		nt.accs[i].layout = t.accs[i].layout
	}
	var a accState
	for k, head := range heads {
		prev := int32(-1)
		for g := head; g >= 0; g = t.nextOf(g) {
			ng := nt.add(t.groupKeys(g), t.start(g), t.end(g))
			nt.setUpdated(ng, t.isUpdated(g))
			for i := range t.accs {
				t.accs[i].load(g, &a)
				nt.accs[i].store(ng, &a)
			}
			if prev < 0 {
				heads[k] = ng
			} else {
				nt.setNext(prev, ng)
			}
			prev = ng
		}
	}
	*t = nt
	return true
}
