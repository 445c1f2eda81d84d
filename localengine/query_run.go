package localengine

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"time"

	"github.com/etlgen/etlgen/planner"
)

// recover checks the checkpoint (verify) and positions the query from it:
// after the last committed batch, with its state and watermark; an uncommitted last batch
// is kept pending to be re-run with its logged offsets.
func (q *Query) recover() error {
	q.opWm, q.ends = map[int]int64{}, map[string]Offset{}
	if err := q.snap.wait(); err != nil {
		return err
	}
	q.snap.last = -1
	if err := q.verify(); err != nil {
		return err
	}
	last, err := q.cp.latest("offsets")
	if err != nil || last < 0 {
		return err
	}
	q.Recovered = true
	if err := q.recoverSeen(); err != nil {
		return err
	}
	committed := last
	if !q.cp.exists("commits", last) {
		var ol OffsetLog
		if err := q.cp.readJSON("offsets", last, &ol); err != nil {
			return err
		}
		q.pending = &ol
		committed = last - 1
	}
	return q.restoreAfter(committed)
}

// restoreAfter loads the state, offsets and watermark of committed batch n.
func (q *Query) restoreAfter(n int64) error {
	q.next = n + 1
	if n < 0 {
		return nil
	}
	var ol OffsetLog
	var cl CommitLog
	if err := q.cp.readJSON("offsets", n, &ol); err != nil {
		return err
	}
	if err := q.cp.readJSON("commits", n, &cl); err != nil {
		return err
	}
	q.ends, q.wm, q.lastWm, q.ranBatch = ol.Sources, cl.NextBatchWatermarkMs, ol.BatchWatermarkMs, true
	for k, v := range cl.OperatorWatermarksMs {
		q.opWm[k] = v
	}
	base, err := q.cp.readState(n, q.c.stateful)
	q.snap.last = base
	return err
}

// recoverSeen marks the files file sources already read: those of the
// pruned batches (sources/seen.json) and of the retained offsets. A query
// without a file source reads neither.
func (q *Query) recoverSeen() error {
	files := false
	for _, src := range q.sources {
		if _, ok := src.(*FileSource); ok {
			files = true
		}
	}
	if !files {
		return nil
	}
	seen, err := q.cp.readSeen()
	if err != nil {
		return err
	}
	for a, names := range seen {
		q.markSeen(OffsetLog{Sources: map[string]Offset{a: {Files: names}}})
	}
	ids, err := q.cp.ids("offsets")
	if err != nil {
		return err
	}
	for _, n := range ids {
		var ol OffsetLog
		if err := q.cp.readJSON("offsets", n, &ol); err != nil {
			return err
		}
		q.markSeen(ol)
	}
	return nil
}

func (q *Query) markSeen(ol OffsetLog) {
	for a, o := range ol.Sources {
		if fs, ok := q.sources[a].(*FileSource); ok {
			fs.MarkSeen(o)
		}
	}
}

// plan decides the next batch: new data on some source, or (without data)
// a no-data batch when the watermark moved past what the stateful
// operators last ran with. ok is false when there is nothing to run.
func (q *Query) plan() (*OffsetLog, bool, error) {
	if q.pending != nil {
		return q.pending, true, nil
	}
	ol := &OffsetLog{BatchID: q.next, BatchWatermarkMs: q.wm, Sources: map[string]Offset{},
		OperatorWatermarksMs: copyWm(q.opWm)}
	if q.ranBatch {
		ol.LateEventsWatermarkMs = q.lastWm
	}
	if q.forceNoData {
		q.forceNoData = false
		for a, o := range q.ends {
			ol.Sources[a] = Offset{N: o.N}
		}
		ol.BatchTimestampMs = q.clock().UnixMilli()
		return ol, true, nil
	}
	data := false
	for a, src := range q.sources {
		if q.c.extracts[a].Static {
			continue
		}
		end, ok, err := src.Next(q.ends[a])
		if n, isNoticer := src.(noticer); isNoticer {
			q.notices = append(q.notices, n.TakeNotices()...)
		}
		if err != nil {
			return nil, false, err
		}
		ol.Sources[a] = end
		data = data || ok
	}
	// StateStoreSaveExec.shouldRunAnotherBatch: append and update modes
	// evict when the watermark moved; complete mode never evicts.
	// A Late() query mirrors the stateful operator it taps, so it runs the
	// same no-data batches and judges lateness against the same watermark.
	stateful := q.c.late
	for _, s := range q.c.stateful {
		// a stream–stream join evicts nothing when no side has a state
		// watermark (StreamingSymmetricHashJoinExec.shouldRunAnotherBatch)
		if w, ok := s.(interface{ usesWatermark() bool }); !ok || w.usesWatermark() {
			stateful = true
		}
	}
	noData := !data && stateful && len(q.c.watermarks) > 0 && q.mode != ModeComplete &&
		q.ranBatch && q.wm > q.lastWm
	if !data && !noData {
		return nil, false, nil
	}
	ol.BatchTimestampMs = q.clock().UnixMilli()
	return ol, true, nil
}

func copyWm(m map[int]int64) map[int]int64 {
	out := make(map[int]int64, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// RunBatch runs the next micro-batch if there is one: offsets/N, execute,
// sink, state/N.delta, commits/N, then the watermark advances (and every
// few batches a state snapshot is written in the background).
func (q *Query) RunBatch() (*Progress, bool, error) { return q.runBatch(batchRun{}) }

// runBatch is RunBatch, abandoning the batch (errAbandoned) when br.abort
// closes before its operators run or before its sink write, or when the
// turn it overlaps (br.after) did not commit: offsets/N stays,
// uncommitted, and the next start re-runs it. br.started (when not nil) is
// called once offsets/N is logged, before the batch runs; br.read once
// its input is read.
func (q *Query) runBatch(br batchRun) (*Progress, bool, error) {
	abort, started := br.abort, br.started
	ol, ok, err := q.plan()
	if err != nil || !ok {
		return nil, false, err
	}
	start, starts, replay := time.Now(), q.ends, q.pending != nil
	if !replay {
		if err := q.cp.writeJSON("offsets", ol.BatchID, ol); err != nil {
			return nil, false, err
		}
	}
	q.pending = nil
	if started != nil {
		started(q.Name, ol.BatchID, replay)
	}
	if aborted(abort) {
		return nil, false, q.abandon()
	}
	out := q.streamOutput(q.c, ol.BatchID)
	read := br.read
	if read != nil { // under Run: the next batch is read ahead
		read = func() {
			q.startReadAhead(ol, time.UnixMilli(ol.BatchTimestampMs).UTC())
			br.read()
		}
	}
	b, rows, err := q.executeTo(q.c, ol, q.ends, out, read)
	if err != nil {
		out.discard()
		return nil, false, q.failBatch(ol, err)
	}
	if aborted(abort) {
		out.discard()
		return nil, false, q.abandon()
	}
	var gates []GateResult
	if out != nil {
		gates, err = q.streamedGates(b, out)
	} else {
		gates, err = q.evaluateGates(b, rows)
	}
	if err != nil {
		out.discard()
		return nil, false, q.failBatch(ol, err)
	}
	if err := br.held(); err != nil {
		out.discard()
		return nil, false, q.abandon()
	}
	wctx, stopWrite := abortContext(abort)
	var w written
	if out != nil {
		w, err = out.commit()
	} else {
		w, err = q.write(wctx, q.c, ol.BatchID, rows, gates)
	}
	stopWrite()
	skipped := w.skipped
	if abandonedWrite(wctx, err) {
		return nil, false, q.abandon()
	}
	if err != nil {
		return nil, false, q.failBatch(ol, fmt.Errorf("query %s batch %d: %w", q.Name, ol.BatchID, err))
	}
	if err := q.commit(ol, b); err != nil {
		return nil, false, err
	}
	n := len(rows)
	if out != nil {
		n = out.rows
	}
	p := q.progress(ol, b, n, time.Since(start))
	p.Skipped, p.Replay, p.Gates, p.Hosted = skipped, replay, gates, q.Hosted()
	p.StartOffsets, p.EndOffsets = starts, ol.Sources
	return p, true, nil
}

// abandon leaves the batch in flight uncommitted: the query rebuilds its operators
// and goes back to the last commit, the batch pending as after a restart.
func (q *Query) abandon() error {
	c, err := q.build()
	if err != nil {
		return err
	}
	q.c = c
	if err := q.recover(); err != nil {
		return err
	}
	return errAbandoned
}

// commit writes the batch's state delta, advances the watermark, writes
// commits/N, prunes, and starts a state snapshot when one is due.
func (q *Query) commit(ol *OffsetLog, b *batch) error {
	if err := q.cp.writeDelta(ol.BatchID, q.c.stateful); err != nil {
		return fmt.Errorf("query %s batch %d: %w", q.Name, ol.BatchID, err)
	}
	if err := q.writeRolling(b); err != nil {
		return err
	}
	q.updateWatermark(b)
	cl := CommitLog{NextBatchWatermarkMs: q.wm, OperatorWatermarksMs: copyWm(q.opWm)}
	if err := q.cp.writeJSON("commits", ol.BatchID, cl); err != nil {
		return err
	}
	q.ends, q.next, q.lastWm, q.ranBatch = ol.Sources, ol.BatchID+1, ol.BatchWatermarkMs, true
	if err := q.cp.prune(ol.BatchID, MinBatchesToRetain); err != nil {
		return fmt.Errorf("query %s batch %d: %w", q.Name, ol.BatchID, err)
	}
	if len(q.c.stateful) == 0 {
		return nil
	}
	if err := q.cp.pruneState(ol.BatchID, MinBatchesToRetain); err != nil {
		return fmt.Errorf("query %s batch %d: %w", q.Name, ol.BatchID, err)
	}
	if err := q.snap.after(q.cp, ol.BatchID, q.build); err != nil {
		return fmt.Errorf("query %s: %w", q.Name, err)
	}
	return nil
}

// Crash runs the next batch as RunBatch does, through its sink write and
// its state delta, and stops before commits/N, as a process dying there
// would (Spark's state store commits the batch's state version in its
// tasks, before the driver writes the commit): for recovery tests, whose
// restart must re-run the batch with the same offsets from the state
// before it. The batch's quality gates are evaluated first, as in
// RunBatch: a breached gate with action fail returns its *GateError and
// neither the sink nor the state is written (the batch stays logged,
// uncommitted, either way).
func (q *Query) Crash() (bool, error) {
	ol, ok, err := q.plan()
	if err != nil || !ok {
		return false, err
	}
	if err := q.cp.writeJSON("offsets", ol.BatchID, ol); err != nil {
		return false, err
	}
	b, rows, err := q.execute(q.c, ol, q.ends)
	if err != nil {
		return false, err
	}
	gates, err := q.evaluateGates(b, rows)
	if err != nil {
		return true, err
	}
	if _, err := q.write(context.Background(), q.c, ol.BatchID, rows, gates); err != nil {
		return true, err
	}
	if err := q.cp.writeDelta(ol.BatchID, q.c.stateful); err != nil {
		return true, fmt.Errorf("query %s batch %d: %w", q.Name, ol.BatchID, err)
	}
	return true, nil
}

// execute runs the operators on the data between starts and ol's ends and
// returns the batch's rows.
func (q *Query) execute(c *compiled, ol *OffsetLog, starts map[string]Offset) (*batch, []Row, error) {
	return q.executeTo(c, ol, starts, nil, nil)
}

// executeTo is execute, handing the batch's rows to out as the operators
// produce them instead when out is not nil (no rows are returned then),
// and calling read (when not nil) once the batch's input is read: its
// streamed sources scanned (and packed for the other queries), or, with
// none, its sources read.
func (q *Query) executeTo(c *compiled, ol *OffsetLog, starts map[string]Offset, out *outputStream, read func()) (*batch, []Row, error) {
	ts := time.UnixMilli(ol.BatchTimestampMs).UTC()
	b := &batch{id: ol.BatchID, ts: ts, wm: ol.BatchWatermarkMs * 1000, lateWm: ol.LateEventsWatermarkMs * 1000, inputs: map[string]*sourceBatch{},
		wmMax: make([]int64, len(c.watermarks)), wmSeen: make([]bool, len(c.watermarks))}
	reads := sourceReads(c.root, map[string]int{})
	q.scannedNow = q.scannedNow[:0]
	defer q.releaseReadAheads()
	for a, src := range q.sources {
		start, end := starts[a], ol.Sources[a]
		if sc, ok := q.streamable(c, a, reads); ok {
			b.inputs[a] = q.streamed(a, sc, start, end, ts)
			continue
		}
		static := c.extracts[a].Static
		if static {
			start, end = Offset{}, Offset{N: maxOffset(src)}
		}
		sb, err := q.read(a, src, start, end, ts, static)
		if err != nil {
			return nil, nil, err
		}
		if static {
			if err := q.staticRejects(a, c.extracts[a], ol.BatchID, sb.invalid); err != nil {
				return nil, nil, err
			}
		}
		b.inputs[a] = sb
	}
	onRead(b, read)
	c.failure.err = nil
	var rows []Row
	if out != nil {
		streamRows(c.root, b, out.add)
	} else {
		rows = c.root.process(b)
	}
	err := q.finishBatch(b)
	if c.failure.err != nil {
		err = fmt.Errorf("query %s batch %d: %w", q.Name, ol.BatchID, c.failure.err)
	}
	if err != nil {
		if c == q.c {
			if rerr := q.resetOperators(); rerr != nil {
				return nil, nil, errors.Join(err, rerr)
			}
		}
		return nil, nil, err
	}
	return b, rows, nil
}

// staticRejects handles the rows of static table a that break its
// contract: written to its quarantine when the profile names one and this
// query owns it, left out of the join when another query owns it, else the
// batch fails (StaticRowError).
func (q *Query) staticRejects(a string, s *planner.Source, id int64, rejected []Row) error {
	if len(rejected) == 0 {
		return nil
	}
	if s.Quarantine == nil {
		return staticRowError(a, s.Contract, rejected)
	}
	if sq := q.quarantines[a]; sq != nil {
		return sq.write(q.Checkpoint, id, rejected)
	}
	return nil
}

// read returns what source a contributes to a batch: the typed rows of a
// RowSource, or the payloads of a Source validated (shared through the
// input cache, except for a static side read in full).
func (q *Query) read(a string, src Stream, start, end Offset, ts time.Time, static bool) (*sourceBatch, error) {
	switch s := src.(type) {
	case RowSource:
		rows, err := s.ReadRows(start, end)
		if err != nil {
			return nil, err
		}
		return &sourceBatch{read: len(rows), valid: rows}, nil
	case Source:
		var key string
		if !static {
			key = inputKey(src, q.validators[a].c.ID, start, end)
			if sb, ok := q.inputs.get(a, key, ts); ok {
				return sb, nil
			}
			q.inputs.drop(a) // the previous batch can go before this one is read
		}
		sb, err := q.validate(a, s, start, end, ts)
		if err != nil {
			return nil, err
		}
		if key != "" {
			q.inputs.put(a, key, sb, ts)
		}
		return sb, nil
	}
	return nil, fmt.Errorf("read source %s: %T is neither a Source nor a RowSource", a, src)
}

// validate reads the payloads of a Source between two offsets and
// validates them: chunk by chunk as a payloadScanner streams them (memory
// holds the batch's rows, not its input), else all at once.
func (q *Query) validate(a string, s Source, start, end Offset, ts time.Time) (*sourceBatch, error) {
	v := q.validators[a]
	sc, ok := s.(payloadScanner)
	if !ok {
		ps, err := s.Read(start, end)
		if err != nil {
			return nil, err
		}
		return v.split(ps, ts), nil
	}
	sb := &sourceBatch{}
	ws, err := sc.Scan(start, end, func(ps []Payload) error {
		sb.add(v.split(ps, ts))
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("query %s source %s: %w", q.Name, a, err)
	}
	sb.warnings = ws
	return sb, nil
}

func maxOffset(src Stream) int64 {
	if m, ok := src.(*MemoryStream); ok {
		return m.Len()
	}
	return 0
}

func (q *Query) progress(ol *OffsetLog, b *batch, out int, d time.Duration) *Progress {
	p := &Progress{Query: q.Name, BatchID: ol.BatchID, OutputRows: out, Duration: d,
		Watermark: time.UnixMilli(ol.BatchWatermarkMs).UTC(), LateWatermark: time.UnixMilli(ol.LateEventsWatermarkMs).UTC(),
		NextWatermark: q.Watermark(), StateRows: q.StateRows(), DroppedByWatermark: b.dropped, LateRows: b.late}
	for a, sb := range b.inputs {
		if q.c.extracts[a].Static {
			continue
		}
		p.InputRows += sb.read
		p.InvalidRows += sb.invalidRows()
		p.Warnings = append(p.Warnings, sb.warnings...)
	}
	p.NoData = p.InputRows == 0
	p.Expectations = b.expects.results(q.expectations)
	sort.Slice(p.Warnings, func(i, j int) bool { return p.Warnings[i].Text < p.Warnings[j].Text }) // sources in a fixed order
	return p
}

// Replayed is what a replay of a committed batch produced.
type Replayed struct {
	// Rows are the rows the batch produced again for the query's sink.
	Rows []Row
	// Quarantined are the rows a breached quarantine gate took to its
	// output instead, by output asset.
	Quarantined map[string][]Row
	// Hosted are the rows the batch produced again for the loads the
	// query hosts, by load.
	Hosted map[string][]Row
	// Skipped: the sinks skipped the write (each is idempotent per
	// checkpoint and batch id).
	Skipped bool
	// Gates are the verdicts of the query's quality gates over the replayed
	// batch, which must be the ones of the committed batch.
	Gates []GateResult
}

// Replay re-executes committed batch n from its logged offsets on a fresh
// copy of the operators restored from the state after batch n-1, evaluates
// its quality gates, writes it to the sink again (which must skip it) and
// returns what it produced. A breached gate with action fail returns its
// *GateError besides the verdicts, and the sink does not write.
func (q *Query) Replay(n int64) (*Replayed, error) {
	if n >= 0 && n < q.next && (!q.cp.exists("offsets", n) || (n > 0 && !q.cp.exists("offsets", n-1))) {
		return nil, fmt.Errorf("replay batch %d of %s: %w: the checkpoint keeps the last %d batches (minBatchesToRetain) and a replay needs the offsets of the batch and of the one before it, and the state before it",
			n, q.Name, ErrBatchPruned, MinBatchesToRetain)
	}
	if !q.cp.exists("commits", n) {
		return nil, fmt.Errorf("replay batch %d of %s: the batch is not committed", n, q.Name)
	}
	c, err := q.build()
	if err != nil {
		return nil, err
	}
	var ol OffsetLog
	if err := q.cp.readJSON("offsets", n, &ol); err != nil {
		return nil, err
	}
	starts := map[string]Offset{}
	if n > 0 {
		var prev OffsetLog
		if err := q.cp.readJSON("offsets", n-1, &prev); err != nil {
			return nil, err
		}
		starts = prev.Sources
		if _, err := q.cp.readState(n-1, c.stateful); err != nil {
			return nil, fmt.Errorf("replay batch %d of %s: %w", n, q.Name, err)
		}
	}
	b, rows, err := q.execute(c, &ol, starts)
	if err != nil {
		return nil, err
	}
	r := &Replayed{Rows: rows}
	if r.Gates, err = q.evaluateGates(b, rows); err != nil {
		return r, err
	}
	w, err := q.write(context.Background(), c, n, rows, r.Gates)
	r.Rows, r.Quarantined, r.Hosted, r.Skipped = w.rows, w.outputs, w.hosted, w.skipped
	return r, err
}

// Schema returns the schema of the rows the query writes.
func (q *Query) Schema() *Schema { return q.c.root.schema() }
