package localengine

import (
	"fmt"
	"time"

	"github.com/etlgen/etlgen/planner"
)

// Progress reports one micro-batch of one query (StreamingQueryProgress).
type Progress struct {
	Query       string
	BatchID     int64
	NoData      bool
	InputRows   int
	InvalidRows int
	OutputRows  int
	Duration    time.Duration
	// Watermark is the watermark the batch ran with (Spark's
	// eventTime.watermark): it evicts state and emits windows by it.
	// LateWatermark is the one it judged late rows against: the previous
	// batch's Watermark (eventTimeWatermarkForLateEvents; Spark's 0, the
	// epoch, in the first batch). NextWatermark is the one the next batch
	// runs with.
	Watermark          time.Time
	LateWatermark      time.Time
	NextWatermark      time.Time
	StateRows          int
	DroppedByWatermark int64
	LateRows           int64
	// Skipped is true when the sink had already written this batch.
	Skipped bool
	// Replay is true when the batch re-ran with the offsets an earlier run
	// logged and did not commit.
	Replay bool
	// StartOffsets and EndOffsets are the batch's source offsets by asset
	// (StreamingQueryProgress.sources[].startOffset / endOffset); a
	// delta-cdf offset's N is its reservoir version.
	StartOffsets map[string]Offset
	EndOffsets   map[string]Offset
	// Warnings are what reading the batch's input noticed and went on
	// from (CodeFileChanged, CodeFileMissing with ignore_missing_files).
	Warnings []Warning
	// Gates are the verdicts of the query's quality gates over the batch,
	// in declaration order (a batch a gate failed has no Progress: its
	// RunBatch returns a *GateError).
	Gates []GateResult
	// Expectations are the counts of the query's expectations
	// (planner.Query.Expectations) over the batch, in declaration order (a
	// batch an expectation failed has no Progress: its RunBatch returns
	// an *ExpectationError).
	Expectations []ExpectationResult `json:",omitempty"`
	// Hosted are the loads the batch wrote besides the query's sink
	// (planner.Query.Hosted), each with the same OutputRows.
	Hosted []string `json:",omitempty"`
}

// compiled is one query's operator tree and what it reads.
type compiled struct {
	root       operator
	watermarks []*watermarkOp
	stateful   []stateful
	extracts   map[string]*planner.Source // the planned sources read, by asset
	late       bool                       // the query is a Late() branch
	failure    *rowFailure                // a row's expression failed the batch
}

// Query is one running streaming query: one load of a pipeline with its own
// checkpoint, sources and sink.
type Query struct {
	Name       string
	Checkpoint string
	// ID is the checkpoint's identity (its metadata file): file sinks name
	// their files by it.
	ID         string
	cp         checkpoint
	build      func() (*compiled, error)
	c          *compiled
	pipeline   string
	mode       string
	sources    map[string]Stream
	notices    []Warning             // what the sources' listings noticed, not yet reported
	validators map[string]*validator // of the payload sources
	sink       Sink
	// gates are the quality gates the query evaluates before its sink
	// writes (planner.Query.Gates).
	gates []planner.Gate
	// expectations are the expectations the query counts
	// (planner.Query.Expectations).
	expectations []planner.Expectation
	// gateOutputs are the outputs of the quarantine gates, by index in
	// gates (gate_outputs.go).
	gateOutputs map[int]Sink
	// hosted are the loads the query writes besides its sink (hosted.go).
	hosted []hostedSink
	// quarantines are the static tables' quarantines the query writes, by
	// static asset (static_quarantine.go).
	quarantines map[string]*staticQuarantine
	clock       func() time.Time
	// inputs shares validated source batches with the engine's other
	// queries (input_cache.go); nil shares nothing.
	inputs *inputCache
	// snap writes the state snapshots (checkpoint_state.go).
	snap snapshotter
	// kept caches the metrics/N this query read or wrote for its rolling
	// gates, by batch id, nil for a batch that logged none
	// (gates_rolling.go): a committed batch's never change.
	kept map[int64]*MetricsLog

	next     int64             // id of the next batch
	ends     map[string]Offset // end offsets of the last batch
	pending  *OffsetLog        // an uncommitted batch to re-run
	opWm     map[int]int64     // WatermarkTracker.operatorToWatermarkMap (ms)
	wm       int64             // global watermark for the next batch (ms)
	lastWm   int64             // watermark of the last batch run (ms)
	ranBatch bool
	// forceNoData makes the next batch a no-data batch (AdvanceWatermark).
	forceNoData bool
	// ahead are the read aheads of the next batch, by source asset, and
	// aheadValidators their validators; scannedNow the sources the batch
	// in flight scanned, taken the read aheads it took (read_ahead.go).
	ahead           map[string]*readAhead
	aheadValidators map[string]*validator
	scannedNow      []string
	taken           []*readAhead
	// aheadRead counts the read aheads batches took.
	aheadRead int
	// overlaps: the query may start its batch while the query before it
	// in the round still emits and commits (round.go, Query.mayOverlap).
	overlaps bool
	// Recovered is true when the query resumed from an existing checkpoint.
	Recovered bool
}

// NextBatch returns the id the next batch will get.
func (q *Query) NextBatch() int64 { return q.next }

// Watermark returns the global watermark the next batch runs with.
func (q *Query) Watermark() time.Time { return time.UnixMilli(q.wm).UTC() }

// State returns the stateful operators' names, in plan order.
func (q *Query) State() []string {
	var out []string
	for _, s := range q.c.stateful {
		out = append(out, s.stateName())
	}
	return out
}

// Inspect returns the rows of the named stateful operator's state.
func (q *Query) Inspect(name string) (*Schema, []Row, bool) {
	for _, s := range q.c.stateful {
		if s.stateName() == name {
			sch, rows := s.inspect()
			return sch, rows, true
		}
	}
	return nil, nil, false
}

// StateRows returns the number of rows held in state.
func (q *Query) StateRows() int {
	n := 0
	for _, s := range q.c.stateful {
		n += s.stateRows()
	}
	return n
}

// AdvanceWatermark raises every watermark operator's value, and so the
// global watermark, to t (ms precision), and makes the next batch a no-data
// batch running with it, as if a batch of events at t + delay had just been
// processed: that batch closes what ends at or before t, and the batches
// after it judge late rows against t. It returns an error when t is behind
// the current watermark.
func (q *Query) AdvanceWatermark(t time.Time) error {
	ms := t.UnixMilli()
	if ms < q.wm {
		return fmt.Errorf("advance watermark of %s to %s: behind the current watermark %s",
			q.Name, t.UTC().Format(time.RFC3339Nano), q.Watermark().Format(time.RFC3339Nano))
	}
	if len(q.c.watermarks) == 0 || ms == q.wm {
		return nil
	}
	for i := range q.c.watermarks {
		if q.opWm[i] < ms {
			q.opWm[i] = ms
		}
	}
	q.wm = ms
	q.forceNoData = true
	return nil
}

// updateWatermark is WatermarkTracker.updateWatermark after a batch: each
// operator that saw rows moves to max(previous, max event time − delay);
// one that never saw rows counts as 0; the global watermark is the min
// across operators (MultipleWatermarkPolicy default "min") and never moves
// back.
func (q *Query) updateWatermark(b *batch) {
	if len(q.c.watermarks) == 0 {
		return
	}
	global := int64(-1)
	for i, w := range q.c.watermarks {
		if b.wmSeen[i] {
			nw := b.wmMax[i]/1000 - w.delay.Milliseconds()
			if old, ok := q.opWm[i]; !ok || nw > old {
				q.opWm[i] = nw
			}
		} else if _, ok := q.opWm[i]; !ok {
			q.opWm[i] = 0
		}
		if global < 0 || q.opWm[i] < global {
			global = q.opWm[i]
		}
	}
	if global > q.wm {
		q.wm = global
	}
}
