package localengine

import (
	"maps"
	"slices"
	"time"
)

// dedupOp is streaming deduplication.
//
// dropDuplicates is StreamingDeduplicateExec: the first row of each key is
// emitted and its key stored; when the input carries an event-time column,
// rows at or before the watermark are dropped (and counted), and keys are
// evicted once their event-time key column is at or before the watermark.
//
// dropDuplicatesWithinWatermark is StreamingDeduplicateWithinWatermarkExec:
// the state holds, per key, expiresAt = event time + watermark delay, and a
// key is evicted once the watermark is at or after expiresAt; late rows are
// dropped as above.
type dedupOp struct {
	passOp
	name   string
	keys   []int
	tcol   int   // the input's event-time column, or -1
	delay  int64 // within-watermark: the watermark delay (µs)
	within bool
	keyT   bool // the keys include the event-time column
	seen   keyedState[int64]
	// expiry indexes the keys by expiry, so that eviction visits the
	// expired ones only.
	expiry expiryIndex
	kb     []byte
}

func (d *dedupOp) late(r Row, wm int64) bool {
	if d.tcol < 0 || wm <= 0 {
		return false
	}
	t, ok := r[d.tcol].(time.Time)
	return ok && micros(t) <= wm
}

func (d *dedupOp) process(b *batch) []Row {
	var out []Row
	lateWm := b.lateEvents(d)
	streamRows(d.in, b, func(rows []Row) {
		for _, r := range rows {
			if d.late(r, lateWm) {
				b.dropped++
				continue
			}
			d.kb = d.kb[:0]
			for _, k := range d.keys {
				d.kb = keyString(d.kb, r[k])
			}
			if _, dup := d.seen.m[string(d.kb)]; dup {
				continue
			}
			k, exp := string(d.kb), d.expiresAt(r)
			d.seen.set(k, exp)
			if exp >= 0 {
				d.expiry.add(exp, k)
			}
			out = append(out, r)
		}
	})
	d.evict(b.eviction(d))
	return out
}

// expiresAt is the value stored per key: expiresAt (within watermark) or
// the event time (to evict by an event-time key), -1 when never evicted.
func (d *dedupOp) expiresAt(r Row) int64 {
	t, ok := r[max(d.tcol, 0)].(time.Time)
	switch {
	case d.tcol < 0 || !ok:
		return -1
	case d.within:
		return micros(t) + d.delay
	case d.keyT:
		return micros(t)
	}
	return -1
}

// evict removes the keys expired at watermark wm: within watermark once
// wm >= expiresAt, by an event-time key once the key's time <= wm (the
// same test on the stored value).
func (d *dedupOp) evict(wm int64) {
	if wm <= 0 {
		return
	}
	for _, k := range d.expiry.due(wm) {
		if exp, ok := d.seen.m[k]; ok && exp >= 0 && exp <= wm {
			d.seen.remove(k)
		}
	}
}

func (d *dedupOp) stateName() string { return d.name }
func (d *dedupOp) stateRows() int    { return len(d.seen.m) }
func (d *dedupOp) clean()            { d.seen.clean() }

func (d *dedupOp) writeState(w *stateWriter, whole bool) error { return d.seen.write(w, whole) }

func (d *dedupOp) readState(r *stateReader, whole bool) error { return d.seen.read(r, whole) }

// readLegacy reads a whole state/N: the map of expiries by key.
func (d *dedupOp) readLegacy(dec func(any) error) error {
	m := map[string]int64{}
	if err := dec(&m); err != nil {
		return err
	}
	d.seen.replace(m)
	return nil
}

func (d *dedupOp) compact(ins []*stateReader, out *stateWriter) error {
	return mergeRecords(ins, out)
}

// int64Codec writes one integer per key (a dedup key's expiry).
var int64Codec = valueCodec[int64]{
	enc: func(e *valueEncoder, v int64) error { e.varint(v); return nil },
	dec: func(d *valueDecoder) int64 { return d.varint() },
}

// restored indexes the keys by expiry.
func (d *dedupOp) restored() {
	var idx []timed
	for k, exp := range d.seen.m {
		if exp >= 0 {
			idx = append(idx, timed{exp, k})
		}
	}
	d.expiry.build(idx)
}

func (d *dedupOp) inspect() (*Schema, []Row) {
	s := NewSchema([]Column{{Name: "key"}, {Name: "expires_at"}})
	var out []Row
	for _, k := range slices.Sorted(maps.Keys(d.seen.m)) {
		var exp any
		if v := d.seen.m[k]; v >= 0 {
			exp = fromMicros(v)
		}
		out = append(out, Row{k, exp})
	}
	return s, out
}
