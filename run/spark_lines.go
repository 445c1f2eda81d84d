package run

import (
	"strings"
	"time"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// sparkLines turns a Spark program's JSON lines into lifecycle events
// (the same kinds, with the same meaning, as the local engine's), and its
// end into QueryFailed and QueryTerminated.
type sparkLines struct {
	m  *planner.Model
	pp *planner.PipelinePlan
	r  *Report
	o  Options
	h  *Handle
	// queries are the started queries, in the order the program started
	// them, with what their QueryTerminated needs.
	queries []*sparkQuery
	// ui is the start line's driver UI.
	ui *driverUI
}

// sparkQuery is what the events of a query said so far.
type sparkQuery struct {
	name          string
	source        string // the one streaming source, or ""
	lastCommitted int64
	last          *Batch // the last batch line
	resume        []Resume
}

func newSparkLines(m *planner.Model, pp *planner.PipelinePlan, r *Report, o Options, h *Handle) *sparkLines {
	return &sparkLines{m: m, pp: pp, r: r, o: o, h: h}
}

// event handles one line of the program.
func (s *sparkLines) event(ev events.Event) {
	switch {
	case ev.Start != nil:
		s.started(ev.Start)
	case ev.BatchStart != nil:
		s.batchStarted(ev.BatchStart)
	case ev.Batch != nil:
		b := sparkBatch(s.pp, ev.Batch)
		if q := s.query(b.Query); q != nil {
			q.last = &b
		}
		s.h.s.emit(s.r, BatchCompleted{b})
	case ev.Idle != nil:
		s.idle(ev.Idle)
	case ev.Orphan != nil:
		or := *ev.Orphan
		if s.r.Driver != nil {
			s.r.Driver.Orphan = &or
		}
		s.o.notice("orphan", "released the Spark Connect session %s of a driver that died (queries stopped: %d)",
			or.Session, len(or.Queries))
	case ev.Kind == "retry" || ev.Kind == "restart":
		s.o.notice(ev.Kind, "%s", strings.TrimSpace(string(ev.Raw)))
	}
}

// started emits a QueryStarted per query of the start line.
func (s *sparkLines) started(line *events.StartLine) {
	s.ui = line.UI
	for _, q := range line.Queries {
		e := QueryStarted{Pipeline: s.pp.ID, Query: q.Name, Fresh: q.Start != startRecovery, LastCommitted: -1, Replay: q.Replay}
		if rs := q.Resume; rs != nil {
			if rs.LastCommit != nil {
				e.LastCommitted = *rs.LastCommit
			}
			src := ""
			if len(rs.Offsets) == 1 {
				src = streamingSource(s.pp, q.Name)
			}
			for _, off := range rs.Offsets {
				if len(off) > 0 && string(off) != "null" {
					e.Resume = append(e.Resume, Resume{Query: q.Name, Source: src, Offset: off})
				}
			}
			if rs.WatermarkMs != nil && *rs.WatermarkMs > 0 {
				e.Watermark = time.UnixMilli(*rs.WatermarkMs).UTC()
			}
		}
		s.queries = append(s.queries, &sparkQuery{name: q.Name, source: streamingSource(s.pp, q.Name), lastCommitted: e.LastCommitted,
			resume: e.Resume})
		s.h.s.emit(s.r, e)
	}
}

// batchStarted emits the BatchStarted of a batch_start line.
func (s *sparkLines) batchStarted(line *events.BatchStartLine) {
	t, err := time.Parse(time.RFC3339Nano, line.Time)
	if err != nil {
		t = time.Now()
	}
	s.h.s.emit(s.r, BatchStarted{Pipeline: s.pp.ID, Query: line.Query, BatchID: line.BatchID, Replay: line.Replay, Time: t.UTC()})
}

// idle emits the QueryIdle of an idle line, under a processing-time
// trigger only: an available-now or once query that caught up ends, as
// on the local engine.
func (s *sparkLines) idle(line *events.IdleLine) {
	if s.m.Trigger.Type != profile.TriggerProcessingTime {
		return
	}
	s.h.s.emit(s.r, QueryIdle{Pipeline: s.pp.ID, Query: line.Query})
}

// end emits what the program's end says: QueryFailed, then a
// QueryTerminated per started query (stopped for the others when the
// failure names its query).
func (s *sparkLines) end(res *sparkrun.Result) {
	status := res.Status
	if f := res.Failure; f != nil {
		status = StateFailed
		s.h.s.emit(s.r, QueryFailed{Pipeline: s.pp.ID, Query: f.Query, Class: f.Code, Retry: f.Retry,
			Err: &SparkError{Exception: f.Exception, Message: f.Message}})
	}
	for _, q := range s.queries {
		st := status
		if res.Failure != nil && res.Failure.Query != "" && res.Failure.Query != q.name {
			st = StateStopped
		}
		s.h.s.emit(s.r, q.terminated(s.pp.ID, st))
	}
	if s.r.Status == StateRunning { // no query started
		s.r.Status = status
	}
}

// terminated is the QueryTerminated of a query that ended with status.
func (q *sparkQuery) terminated(pipeline, status string) QueryTerminated {
	e := QueryTerminated{Pipeline: pipeline, Query: q.name, Status: status, LastBatchID: q.lastCommitted, Resume: q.resume}
	if b := q.last; b != nil {
		e.LastBatchID, e.StateRows = max(e.LastBatchID, b.BatchID), b.StateRows
		if wm, ok := parseWatermark(b.Watermark); ok {
			e.Watermark = wm
		}
		if len(b.EndOffsets) > 0 {
			e.Resume = []Resume{{Query: q.name, Source: q.source, Offset: b.EndOffsets}}
		}
	}
	return e
}

// query returns the started query of that name, or nil.
func (s *sparkLines) query(name string) *sparkQuery {
	for _, q := range s.queries {
		if q.name == name {
			return q
		}
	}
	return nil
}

// streamingSource is the one streaming source a query reads, "" when it
// reads several (Spark's offsets then say which by position only).
func streamingSource(pp *planner.PipelinePlan, query string) string {
	q, ok := pp.Query(query)
	if !ok {
		return ""
	}
	found := ""
	for _, src := range q.SourcePlans {
		if !src.Static {
			if found != "" {
				return ""
			}
			found = src.Asset
		}
	}
	return found
}
