package engine

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
	seen   map[string]int64
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
			if _, dup := d.seen[string(d.kb)]; dup {
				continue
			}
			d.seen[string(d.kb)] = d.expiry(r)
			out = append(out, r)
		}
	})
	d.evict(b.eviction(d))
	return out
}

// expiry is the value stored per key: expiresAt (within watermark) or the
// event time (to evict by an event-time key), -1 when never evicted.
func (d *dedupOp) expiry(r Row) int64 {
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

func (d *dedupOp) evict(wm int64) {
	if wm <= 0 {
		return
	}
	for k, exp := range d.seen {
		if exp < 0 {
			continue
		}
		if (d.within && wm >= exp) || (!d.within && exp <= wm) {
			delete(d.seen, k)
		}
	}
}

func (d *dedupOp) stateName() string { return d.name }
func (d *dedupOp) stateRows() int    { return len(d.seen) }
func (d *dedupOp) snapshot() any     { return d.seen }

func (d *dedupOp) restore(dec func(any) error) error {
	m := map[string]int64{}
	if err := dec(&m); err != nil {
		return err
	}
	d.seen = m
	return nil
}

func (d *dedupOp) inspect() (*Schema, []Row) {
	s := NewSchema([]Column{{Name: "key"}, {Name: "expires_at"}})
	var out []Row
	for _, k := range slices.Sorted(maps.Keys(d.seen)) {
		var exp any
		if v := d.seen[k]; v >= 0 {
			exp = fromMicros(v)
		}
		out = append(out, Row{k, exp})
	}
	return s, out
}
