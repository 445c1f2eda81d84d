package engine

import (
	"container/heap"
	"encoding/gob"
	"maps"
	"slices"
)

// keyedState is a stateful operator's state by key, with the keys set or
// removed since the state was last checkpointed: a batch's delta file
// holds the records of those keys only (HDFSBackedStateStoreProvider
// writes the rows a batch put or removed), a snapshot those of every key,
// both sorted by key so that snapshots merge from files in one pass.
type keyedState[V any] struct {
	m     map[string]V
	dirty map[string]struct{}
}

func newKeyedState[V any]() keyedState[V] {
	return keyedState[V]{m: map[string]V{}, dirty: map[string]struct{}{}}
}

// set stores v under k.
func (s *keyedState[V]) set(k string, v V) {
	s.m[k] = v
	s.dirty[k] = struct{}{}
}

// remove deletes k.
func (s *keyedState[V]) remove(k string) {
	delete(s.m, k)
	s.dirty[k] = struct{}{}
}

// touch records that the value under k changed in place.
func (s *keyedState[V]) touch(k string) { s.dirty[k] = struct{}{} }

// stateRecord is one key of a keyed state in a state file: its value,
// or (in a delta) its removal; End closes an operator's records.
type stateRecord[V any] struct {
	Key   string
	Value V
	Del   bool
	End   bool
}

// write writes the records of every key (whole) or of the keys changed
// since the last clean, sorted by key, then the end record.
func (s *keyedState[V]) write(enc *gob.Encoder, whole bool) error {
	var keys []string
	if whole {
		keys = slices.Sorted(maps.Keys(s.m))
	} else {
		keys = slices.Sorted(maps.Keys(s.dirty))
	}
	for _, k := range keys {
		v, ok := s.m[k]
		if err := enc.Encode(stateRecord[V]{Key: k, Value: v, Del: !ok}); err != nil {
			return err
		}
	}
	return enc.Encode(stateRecord[V]{End: true})
}

// read reads records written by write: a whole state replaces the map, a
// delta sets and removes keys. The state is then clean.
func (s *keyedState[V]) read(dec *gob.Decoder, whole bool) error {
	if whole {
		s.m = map[string]V{}
	}
	for {
		var r stateRecord[V] // a fresh one: gob leaves fields absent from the stream as they are
		if err := dec.Decode(&r); err != nil {
			return err
		}
		switch {
		case r.End:
			s.clean()
			return nil
		case r.Del:
			delete(s.m, r.Key)
		default:
			s.m[r.Key] = r.Value
		}
	}
}

// mergeRecords writes to out the whole state merged from ins, sorted
// record streams oldest first (a snapshot, then the deltas after it): per
// key the newest record, removed keys left out. It reads one record of
// each input at a time, so it holds no state in memory.
func mergeRecords[V any](ins []*gob.Decoder, out *gob.Encoder) error {
	heads := make([]*stateRecord[V], len(ins))
	next := func(i int) error {
		var r stateRecord[V]
		if err := ins[i].Decode(&r); err != nil {
			return err
		}
		heads[i] = &r
		if r.End {
			heads[i] = nil
		}
		return nil
	}
	for i := range ins {
		if err := next(i); err != nil {
			return err
		}
	}
	for {
		var newest *stateRecord[V]
		for _, h := range heads {
			if h != nil && (newest == nil || h.Key < newest.Key) {
				newest = h
			}
		}
		if newest == nil {
			return out.Encode(stateRecord[V]{End: true})
		}
		key := newest.Key
		for i, h := range heads {
			if h != nil && h.Key == key {
				newest = h // a later input wins
				if err := next(i); err != nil {
					return err
				}
			}
		}
		if !newest.Del {
			if err := out.Encode(stateRecord[V]{Key: key, Value: newest.Value}); err != nil {
				return err
			}
		}
	}
}

// clean forgets the changes: they are in the checkpoint.
func (s *keyedState[V]) clean() { s.dirty = map[string]struct{}{} }

// replace makes m the whole state, with no changes to write.
func (s *keyedState[V]) replace(m map[string]V) {
	if m == nil {
		m = map[string]V{}
	}
	s.m = m
	s.clean()
}

// timed is a state key with the event time (µs) at or after which its
// state may be evicted.
type timed struct {
	t int64
	k string
}

// expiryIndex finds the keys whose state the watermark may evict without
// visiting the rest: a min-heap of (time, key), one entry per stored value
// (a key may have several, and entries of values already gone; the
// operator checks each popped key's values).
type expiryIndex struct{ h timedHeap }

// add records that key k holds a value evictable once the watermark
// reaches t.
func (x *expiryIndex) add(t int64, k string) { heap.Push(&x.h, timed{t, k}) }

// due pops the entries at or before wm and returns their keys, sorted and
// unique.
func (x *expiryIndex) due(wm int64) []string {
	var out []string
	for len(x.h) > 0 && x.h[0].t <= wm {
		out = append(out, heap.Pop(&x.h).(timed).k)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// build replaces the index with entries (after a restore: one heapify
// instead of a push per value).
func (x *expiryIndex) build(entries []timed) {
	x.h = entries
	heap.Init(&x.h)
}

type timedHeap []timed

func (h timedHeap) Len() int           { return len(h) }
func (h timedHeap) Less(i, j int) bool { return h[i].t < h[j].t }
func (h timedHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *timedHeap) Push(x any)        { *h = append(*h, x.(timed)) }
func (h *timedHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
