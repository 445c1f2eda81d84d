package localengine

import (
	"fmt"
	"sort"
	"sync"
	"sync/atomic"
	"time"
)

// A streamed source batch: the payloads of a payloadScanner (a file
// source) that one operator of the query reads are validated chunk by
// chunk while the operators run (stream.go), so that the batch's rows are
// never all in memory; the counts and warnings are known once the scan
// ran. A source read by several operators, or a static side, is read
// whole before the operators run (Query.read).

// scanFunc reads a batch chunk by chunk, handing each validated chunk to
// fn; it returns the read's warnings.
type scanFunc func(fn func(part *sourceBatch)) ([]Warning, error)

// invalidRows is the number of rejected payloads of the batch.
func (sb *sourceBatch) invalidRows() int {
	if sb.scan != nil {
		return sb.rejected
	}
	return len(sb.invalid)
}

// consume runs the scan of a streamed batch once, handing fn each chunk
// and counting its rows; a later call does nothing.
func (sb *sourceBatch) consume(fn func(part *sourceBatch)) {
	if sb.scanned {
		return
	}
	sb.scanned = true
	sb.warnings, sb.err = sb.scan(func(part *sourceBatch) {
		sb.read += part.read
		sb.rejected += len(part.invalid) + part.uncarried
		fn(part)
	})
}

// streamed is the streamed batch of source a between two offsets: unpacked
// from the input cache when another query packed it, else scanned (and
// packed when other queries read a).
func (q *Query) streamed(a string, sc payloadScanner, start, end Offset, ts time.Time) *sourceBatch {
	key := inputKey(sc, q.validators[a].c.ID, start, end)
	if pb, ok := q.inputs.getPacked(a, key); ok && pb.keeps(q.ports(a)) {
		if ra := q.ahead[a]; ra != nil { // another query read it first
			ra.drop()
			delete(q.ahead, a)
		}
		return pb.batch(ts)
	}
	q.inputs.drop(a) // the previous batch can go before this one is read
	q.scannedNow = append(q.scannedNow, a)
	sb := q.takeReadAhead(a, start, end, ts)
	if sb == nil {
		sb = q.scanned(a, sc, start, end, ts)
	}
	if q.inputs.shared(a) {
		sb = q.packing(sb, a, key, ts)
	}
	return sb
}

// scanned is the streamed batch of source a between two offsets. The
// scan reads and validates in a goroutine of its own, a chunk ahead of the
// operators (which see the chunks in order, in the caller's goroutine).
func (q *Query) scanned(a string, sc payloadScanner, start, end Offset, ts time.Time) *sourceBatch {
	v := q.validators[a]
	return &sourceBatch{scan: func(fn func(*sourceBatch)) ([]Warning, error) {
		parts := make(chan *sourceBatch, 1)
		var ws []Warning
		var err error
		go func() {
			defer close(parts)
			ws, err = sc.Scan(start, end, func(ps []Payload) error {
				parts <- v.split(ps, ts)
				return nil
			})
		}()
		for part := range parts {
			fn(part)
		}
		return ws, err // written before parts closed
	}}
}

// streamable says whether source a can be streamed into the operators of
// c: a payloadScanner of the stream (not a static side) that one operator
// reads.
func (q *Query) streamable(c *compiled, a string, reads map[string]int) (payloadScanner, bool) {
	if c.extracts[a] == nil || c.extracts[a].Static || reads[a] != 1 {
		return nil, false
	}
	sc, ok := q.sources[a].(payloadScanner)
	return sc, ok
}

// finishScans runs the scans the operators did not (so that every batch
// counts its input) and returns the first scan error, by asset.
func (q *Query) finishScans(b *batch) error {
	assets := make([]string, 0, len(b.inputs))
	for a, sb := range b.inputs {
		if sb.scan != nil {
			sb.consume(func(*sourceBatch) {})
			assets = append(assets, a)
		}
	}
	sort.Strings(assets)
	for _, a := range assets {
		if err := b.inputs[a].err; err != nil {
			return fmt.Errorf("query %s source %s: %w", q.Name, a, err)
		}
	}
	return nil
}

// resetOperators puts the query's operators back to the state of its last
// committed batch: a batch whose scan failed while its operators ran has
// changed them.
func (q *Query) resetOperators() error {
	c, err := q.build()
	if err != nil {
		return err
	}
	if q.next > 0 {
		if _, err := q.cp.readState(q.next-1, c.stateful); err != nil {
			return err
		}
	}
	q.c = c
	return nil
}

// onRead calls read (when not nil) once every streamed input of b was
// scanned without error, at once when b has none (its sources were read
// before the operators run). A scan that fails never calls it.
func onRead(b *batch, read func()) {
	if read == nil {
		return
	}
	var once sync.Once
	var left atomic.Int32
	for _, sb := range b.inputs {
		if sb.scan == nil {
			continue
		}
		left.Add(1)
		scan := sb.scan
		sb.scan = func(fn func(*sourceBatch)) ([]Warning, error) {
			ws, err := scan(fn)
			if err == nil && left.Add(-1) == 0 {
				once.Do(read)
			}
			return ws, err
		}
	}
	if left.Load() == 0 {
		once.Do(read)
	}
}
