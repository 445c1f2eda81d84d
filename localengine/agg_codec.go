package localengine

import (
	"maps"
	"slices"
)

// aggGroup is the state of one aggregation group as state files hold it
// (and as the format before deltas, gob, did): its grouping key values,
// its window (microseconds; 0, 0 without a window) and its accumulators.
// In memory the groups live in a groupTable.
type aggGroup struct {
	Keys       []any
	Start, End int64
	Accs       []accState
	updated    bool
}

// groupsCodec writes the groups of a key: keys, window, accumulators.
var groupsCodec = valueCodec[[]*aggGroup]{
	enc: func(e *valueEncoder, gs []*aggGroup) error {
		e.uvarint(uint64(len(gs)))
		for _, g := range gs {
			if err := encodeGroup(e, g.Keys, g.Start, g.End, g.Accs); err != nil {
				return err
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

// encodeGroup writes one group as groupsCodec does.
func encodeGroup(e *valueEncoder, keys []any, start, end int64, accs []accState) error {
	if err := e.values(keys); err != nil {
		return err
	}
	e.varint(start)
	e.varint(end)
	e.uvarint(uint64(len(accs)))
	for i := range accs {
		if err := encodeAcc(e, &accs[i]); err != nil {
			return err
		}
	}
	return nil
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
	if len(a.Seen) > 0 {
		for _, k := range slices.Sorted(maps.Keys(a.Seen)) {
			e.str(k)
			e.boolean(a.Seen[k])
		}
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

// tableCodec writes the groups chained from a key's first group in t in
// groupsCodec's form, byte for byte, and reads them into t.
func tableCodec(t *groupTable) valueCodec[int32] {
	var accs []accState // reused: encoding allocates nothing per group
	return valueCodec[int32]{
		enc: func(e *valueEncoder, head int32) error {
			n := 0
			for g := head; g >= 0; g = t.nextOf(g) {
				n++
			}
			e.uvarint(uint64(n))
			for g := head; g >= 0; g = t.nextOf(g) {
				accs = slices.Grow(accs[:0], len(t.accs))[:len(t.accs)]
				for i := range t.accs {
					t.accs[i].load(g, &accs[i])
				}
				if err := encodeGroup(e, t.groupKeys(g), t.start(g), t.end(g), accs); err != nil {
					return err
				}
			}
			return nil
		},
		dec: func(d *valueDecoder) int32 {
			gs := groupsCodec.dec(d)
			if d.err != nil {
				return -1
			}
			head, ok := t.insert(gs)
			if !ok {
				d.fail()
			}
			return head
		},
	}
}

// insert adds groups gs, as read from a state file, chained in order, and
// returns the first (-1: none); ok is false when a group's keys or
// accumulators do not match the table's.
func (t *groupTable) insert(gs []*aggGroup) (int32, bool) {
	ids := make([]int32, 0, len(gs))
	for _, ag := range gs {
		if len(ag.Keys) != t.nkeys || len(ag.Accs) != len(t.accs) {
			for _, g := range ids {
				t.remove(g)
			}
			return -1, false
		}
		g := t.add(ag.Keys, ag.Start, ag.End)
		for i := range t.accs {
			t.accs[i].store(g, &ag.Accs[i])
		}
		ids = append(ids, g)
	}
	return t.link(ids), true
}

// groupsOf are the groups chained from head in t in state-file form.
func (t *groupTable) groupsOf(head int32) []*aggGroup {
	var gs []*aggGroup
	for g := head; g >= 0; g = t.nextOf(g) {
		ag := &aggGroup{Keys: slices.Clone(t.groupKeys(g)), Start: t.start(g), End: t.end(g), Accs: make([]accState, len(t.accs))}
		for i := range t.accs {
			t.accs[i].load(g, &ag.Accs[i])
		}
		gs = append(gs, ag)
	}
	return gs
}
