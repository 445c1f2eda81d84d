package localengine

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"
)

// A query that scanned a file source for its batch (the first query of
// the source in a round: the others unpack what it packed) reads the
// source's next batch ahead once its own input is read, while its
// operators emit and it writes and commits: the files Next would propose
// after the batch's end now (FileSource.peek, which records nothing),
// regular files only (a named pipe gives its lines once), are scanned
// and validated in a goroutine of its own, with a validator of
// its own, on the core the emit leaves idle, a few chunks ahead at most
// (readAheadChunks), then it waits. When the next batch is planned with
// the same files, of the same sizes and times, it streams those chunks
// and the rest of that scan instead of scanning again (the rejected rows
// stamped with its batch timestamp, as an input cache hit is); otherwise
// the read ahead is stopped and dropped. It is a read, never a batch:
// nothing is logged, and a stop, an error or Close drops it.

// readAheadChunks is how many validated chunks (scanChunkLines payloads
// each at most) a read ahead holds before the batch that reads them
// starts: the memory it may take, about two chunks of rows.
const readAheadChunks = 2

// errReadAheadStopped ends the scan of a read ahead that was dropped.
var errReadAheadStopped = errors.New("read ahead dropped")

// readAhead is the scan of a query's next batch of one file source, under
// way.
type readAhead struct {
	// src is a copy of the file source that scans: the files whose
	// change it reports are marked on the source once a batch took them.
	src   *FileSource
	start Offset
	end   Offset    // as peek proposed it: the files and their listing
	ts    time.Time // the batch timestamp it validates with
	parts chan *sourceBatch
	quit  chan struct{}
	// taken is set once a batch took it.
	taken atomic.Bool
	// ws and err are the scan's, set before parts closes.
	ws  []Warning
	err error
}

// startReadAhead reads ahead the batch after ol of each file source this
// batch scanned, at batch timestamp ts.
func (q *Query) startReadAhead(ol *OffsetLog, ts time.Time) {
	for _, a := range q.scannedNow {
		fs, ok := q.sources[a].(*FileSource)
		if !ok || q.ahead[a] != nil {
			continue
		}
		start := ol.Sources[a]
		end, ok, err := fs.peek(start)
		if err != nil || !ok || !regularFiles(fs.Dir, end.Files) {
			continue // the batch's own listing will say; a pipe is read once, by its batch
		}
		v := q.aheadValidators[a]
		if v == nil {
			if v, err = newValidator(q.validators[a].c, q.pipeline); err != nil {
				continue
			}
			if q.aheadValidators == nil {
				q.aheadValidators = map[string]*validator{}
			}
			q.aheadValidators[a] = v
		}
		ra := &readAhead{src: &FileSource{Dir: fs.Dir, MaxFiles: fs.MaxFiles, MaxBytes: fs.MaxBytes, IgnoreMissing: fs.IgnoreMissing, MaxLine: fs.MaxLine},
			start: start, end: end, ts: ts, parts: make(chan *sourceBatch, readAheadChunks-1), quit: make(chan struct{})}
		if q.ahead == nil {
			q.ahead = map[string]*readAhead{}
		}
		q.ahead[a] = ra
		go ra.scan(v) // one at a time per source: the one before was taken or dropped
	}
}

// scan validates the chunks of the read ahead's files, one goroutine at a
// time until a batch took it (the emit has the other core), then as a
// batch's scan does, handing them on until dropped.
func (ra *readAhead) scan(v *validator) {
	defer close(ra.parts)
	v.now = ra.ts
	ra.ws, ra.err = ra.src.Scan(ra.start, ra.end, func(ps []Payload) error {
		var part *sourceBatch
		if ra.taken.Load() { // a batch reads it: on every core, as a scan does
			part = v.split(ps, ra.ts)
		} else {
			part = v.splitChunk(ps)
		}
		select {
		case <-ra.quit:
			return errReadAheadStopped
		case ra.parts <- part:
			return nil
		}
	})
}

// takeReadAhead returns the read ahead of source a's batch from start to
// end, stamped with batch timestamp ts, when one reads exactly that
// (nil otherwise: a read ahead of a is dropped). The batch must
// releaseReadAheads once it ran.
func (q *Query) takeReadAhead(a string, start, end Offset, ts time.Time) *sourceBatch {
	ra := q.ahead[a]
	if ra == nil {
		return nil
	}
	delete(q.ahead, a)
	if ra.start.N != start.N || ra.end.N != end.N || !slices.Equal(ra.end.Files, end.Files) || !slices.Equal(ra.end.Listed, end.Listed) {
		ra.drop()
		return nil
	}
	q.taken = append(q.taken, ra)
	q.aheadRead++
	ra.taken.Store(true)
	fs := q.sources[a].(*FileSource)
	return &sourceBatch{scan: func(fn func(*sourceBatch)) ([]Warning, error) {
		for part := range ra.parts {
			fn(part.at(ra.ts, ts))
		}
		for n := range ra.src.reported { // as a scan of fs marks them
			fs.markReported(n)
		}
		return ra.ws, ra.err
	}}
}

// releaseReadAheads drops the read aheads the batch took: what a batch
// that failed before it read them all left.
func (q *Query) releaseReadAheads() {
	for _, ra := range q.taken {
		ra.drop()
	}
	q.taken = q.taken[:0]
}

// drop stops the read ahead and waits for its scan to end (at once when
// it ended).
func (ra *readAhead) drop() {
	close(ra.quit)
	for range ra.parts { //nolint:revive // drained so that the scan ends
	}
}

// dropReadAheads drops every read ahead of q.
func (q *Query) dropReadAheads() {
	for a, ra := range q.ahead {
		ra.drop()
		delete(q.ahead, a)
	}
}

// regularFiles says whether every file of names in dir is a regular file
// (through links): reading one ahead takes nothing from the batch that
// reads it, as reading a named pipe would.
func regularFiles(dir string, names []string) bool {
	for _, n := range names {
		fi, err := os.Stat(filepath.Join(dir, n))
		if err != nil || !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}
