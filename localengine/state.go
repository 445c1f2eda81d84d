package localengine

import (
	"bytes"
	"fmt"
	"maps"
	"slices"
)

// keyedState is a stateful operator's state by key, with the keys set or
// removed since the state was last checkpointed: a batch's delta file
// holds the records of those keys only (HDFSBackedStateStoreProvider
// writes the rows a batch put or removed), a snapshot those of every key,
// both sorted by key so that snapshots merge from files in one pass.
// The changed keys carry their values (as m holds them), so that a
// delta, and the keys a batch reads again, visit the few changed keys
// and not the map of every key, whose lookups miss the CPU caches once
// it holds millions.
type keyedState[V any] struct {
	m     map[string]V
	dirty map[string]change[V]
	codec valueCodec[V]
	// sorted, when set (sortedKeys), are keys sorted and unique that the
	// operator already sorted, likely all the changed ones: a delta then
	// takes the changed keys from them instead of sorting them again.
	sorted []string
}

// change is the value of a key changed since the last checkpoint, or
// that it was removed.
type change[V any] struct {
	v    V
	gone bool
}

func newKeyedState[V any](codec valueCodec[V]) keyedState[V] {
	return keyedState[V]{m: map[string]V{}, dirty: map[string]change[V]{}, codec: codec}
}

// set stores v under k.
func (s *keyedState[V]) set(k string, v V) {
	s.m[k] = v
	s.dirty[k] = change[V]{v: v}
}

// remove deletes k.
func (s *keyedState[V]) remove(k string) {
	delete(s.m, k)
	s.dirty[k] = change[V]{gone: true}
}

// touch records that v, the value under k, changed in place.
func (s *keyedState[V]) touch(k string, v V) { s.dirty[k] = change[V]{v: v} }

// get returns the value under k, looked up among the changed keys first.
func (s *keyedState[V]) get(k string) (V, bool) {
	if c, ok := s.dirty[k]; ok {
		return c.v, !c.gone
	}
	v, ok := s.m[k]
	return v, ok
}

// refresh reloads the changed keys' values from m, after the operator
// changed values in m directly (groupTable.shrink renumbers groups).
func (s *keyedState[V]) refresh() {
	for k, c := range s.dirty {
		if !c.gone {
			c.v = s.m[k]
			s.dirty[k] = c
		}
	}
}

// valueCodec writes and reads the values of a keyedState (state_codec.go).
type valueCodec[V any] struct {
	enc func(*valueEncoder, V) error
	dec func(*valueDecoder) V
}

// write writes the records of every key (whole) or of the keys changed
// since the last clean, sorted by key, then the end record.
func (s *keyedState[V]) write(w *stateWriter, whole bool) error {
	var keys []string
	if whole {
		keys = slices.Sorted(maps.Keys(s.m))
	} else {
		keys = s.changedKeys()
	}
	s.sorted = nil // they may hold keys the state no longer holds
	var e valueEncoder
	for _, k := range keys {
		var v V
		var ok bool
		if whole {
			v, ok = s.m[k]
		} else {
			c := s.dirty[k]
			v, ok = c.v, !c.gone
		}
		if !ok {
			if err := w.record(recordDel, k, nil); err != nil {
				return err
			}
			continue
		}
		e.b = e.b[:0]
		if err := s.codec.enc(&e, v); err != nil {
			return err
		}
		if err := w.record(recordSet, k, e.b); err != nil {
			return err
		}
	}
	return w.record(recordEnd, "", nil)
}

// sortedKeys records keys, sorted and unique, for the next delta
// (changedKeys); it keeps the slice.
func (s *keyedState[V]) sortedKeys(keys []string) { s.sorted = keys }

// changedKeys are the keys changed since the last clean, sorted: those of
// the recorded sorted keys when they hold every changed key, else sorted
// here.
func (s *keyedState[V]) changedKeys() []string {
	if len(s.sorted) >= len(s.dirty) {
		keys := make([]string, 0, len(s.dirty))
		for _, k := range s.sorted {
			if _, ok := s.dirty[k]; ok {
				keys = append(keys, k)
			}
		}
		if len(keys) == len(s.dirty) {
			return keys
		}
	}
	return slices.Sorted(maps.Keys(s.dirty))
}

// read reads records written by write: a whole state replaces the map, a
// delta sets and removes keys. The state is then clean.
func (s *keyedState[V]) read(r *stateReader, whole bool) error {
	if whole {
		s.m = map[string]V{}
	}
	for {
		flag, err := r.next()
		if err != nil {
			return err
		}
		switch flag {
		case recordEnd:
			s.clean()
			return nil
		case recordDel:
			delete(s.m, string(r.key))
		default:
			d := valueDecoder{b: r.val}
			v := s.codec.dec(&d)
			if d.err != nil {
				return fmt.Errorf("key %q: %w", r.key, d.err)
			}
			s.m[string(r.key)] = v
		}
	}
}

// mergeRecords writes to out the whole state merged from ins, sorted
// record streams oldest first (a snapshot, then the deltas after it): per
// key the newest record, removed keys left out. It reads one record of
// each input at a time and copies values as bytes, so it holds no state
// in memory, decodes no value and allocates nothing per record.
func mergeRecords(ins []*stateReader, out *stateWriter) error {
	flags := make([]byte, len(ins)) // of each input's current record; recordEnd once done
	for i, in := range ins {
		var err error
		if flags[i], err = in.next(); err != nil {
			return err
		}
	}
	for {
		newest := -1 // the input with the smallest key, the latest of those
		for i, in := range ins {
			if flags[i] == recordEnd {
				continue
			}
			if newest < 0 || bytes.Compare(in.key, ins[newest].key) <= 0 {
				newest = i
			}
		}
		if newest < 0 {
			return out.record(recordEnd, "", nil)
		}
		win := ins[newest]
		if flags[newest] == recordSet {
			if err := out.recordBytes(recordSet, win.key, win.val); err != nil {
				return err
			}
		}
		for i, in := range ins {
			if i != newest && flags[i] != recordEnd && bytes.Equal(in.key, win.key) {
				if err := advance(ins, flags, i); err != nil {
					return err
				}
			}
		}
		if err := advance(ins, flags, newest); err != nil {
			return err
		}
	}
}

// advance reads the next record of input i.
func advance(ins []*stateReader, flags []byte, i int) error {
	var err error
	flags[i], err = ins[i].next()
	return err
}

// clean forgets the changes: they are in the checkpoint. The map keeps
// its room, so that the next batch's changes do not grow it again, unless
// it held many more changes than the state holds keys (a large batch whose
// keys the watermark evicted): the room kept stays within the state's
// size.
func (s *keyedState[V]) clean() {
	if len(s.dirty) > 2*len(s.m)+keptChanges {
		s.dirty = map[string]change[V]{}
	} else {
		clear(s.dirty)
	}
	s.sorted = nil
}

// keptChanges is the number of changes whose room a state keeps whatever
// its size.
const keptChanges = 1024

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
// operator checks each popped key's values). Its entries are paged
// (column.go), so that a growing index never copies them.
type expiryIndex struct{ h column[timed] }

// add records that key k holds a value evictable once the watermark
// reaches t.
func (x *expiryIndex) add(t int64, k string) {
	i := x.h.grow()
	*x.h.at(i) = timed{t, k}
	x.up(i)
}

// due pops the entries at or before wm and returns their keys, sorted and
// unique.
func (x *expiryIndex) due(wm int64) []string {
	var out []string
	for x.h.n > 0 && x.h.at(0).t <= wm {
		out = append(out, x.pop().k)
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// build replaces the index with entries (after a restore: one heapify
// instead of a push per value).
func (x *expiryIndex) build(entries []timed) {
	x.h.reset()
	for _, e := range entries {
		*x.h.at(x.h.grow()) = e
	}
	for i := int32(x.h.n/2 - 1); i >= 0; i-- {
		x.down(i)
	}
}

// pop removes and returns the earliest entry.
func (x *expiryIndex) pop() timed {
	top, last := *x.h.at(0), int32(x.h.n-1)
	*x.h.at(0) = *x.h.at(last)
	x.h.shrink()
	if x.h.n > 0 {
		x.down(0)
	}
	return top
}

// up moves entry i towards the root to its place.
func (x *expiryIndex) up(i int32) {
	for i > 0 {
		p := (i - 1) / 2
		a, b := x.h.at(p), x.h.at(i)
		if a.t <= b.t {
			return
		}
		*a, *b = *b, *a
		i = p
	}
}

// down moves entry i towards the leaves to its place.
func (x *expiryIndex) down(i int32) {
	n := int32(x.h.n)
	for {
		c := 2*i + 1
		if c >= n || c < 0 {
			return
		}
		if r := c + 1; r < n && x.h.at(r).t < x.h.at(c).t {
			c = r
		}
		a, b := x.h.at(i), x.h.at(c)
		if a.t <= b.t {
			return
		}
		*a, *b = *b, *a
		i = c
	}
}
