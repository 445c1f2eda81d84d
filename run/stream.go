package run

import (
	"sync"
	"time"
)

// stream delivers the events of one run, in one place for both engines:
// it completes what an engine leaves implicit (a BatchStarted before a
// BatchCompleted that had none; WatermarkAdvanced from the watermarks the
// batches report; one QueryIdle per idle spell), folds every event into
// its pipeline's report (Report.apply) and calls the options' callbacks,
// one event at a time.
type stream struct {
	o       Options
	deliver sync.Mutex // one event at a time, callbacks included
	queries map[[2]string]*queryTrack
	// ol emits the OpenLineage events; nil when the profile asks for none.
	ol *lineage

	mu sync.Mutex // st, read by Handle.Status from any goroutine
	st Status
}

// queryTrack is what the stream remembers of a query between events.
type queryTrack struct {
	started int64     // the last batch that has a BatchStarted
	last    int64     // the last completed batch
	wm      time.Time // the watermark of the last batch (or restored)
	idle    bool      // a QueryIdle was sent since the last batch
}

func newStream(o Options) *stream {
	return &stream{o: o, queries: map[[2]string]*queryTrack{}, st: Status{State: StateRunning}}
}

// track returns what the stream knows of a query, adding it.
func (s *stream) track(pipeline, query string) *queryTrack {
	k := [2]string{pipeline, query}
	t := s.queries[k]
	if t == nil {
		t = &queryTrack{started: -1, last: -1}
		s.queries[k] = t
	}
	return t
}

// emit delivers ev (and what it implies first) for report r, then the
// same for each load ev's query hosts (mirror).
func (s *stream) emit(r *Report, ev Event) {
	s.deliver.Lock()
	defer s.deliver.Unlock()
	s.emitOne(r, ev)
	if r == nil {
		return
	}
	_, q := ev.Origin()
	for _, load := range r.hosted[q] {
		if m, ok := mirror(ev, load, q); ok {
			s.emitOne(r, m)
		}
	}
}

// emitOne delivers one event and what it implies first; the caller holds
// deliver.
func (s *stream) emitOne(r *Report, ev Event) {
	p, q := ev.Origin()
	t := s.track(p, q)
	switch e := ev.(type) {
	case QueryStarted:
		t.started, t.last, t.wm = e.LastCommitted, e.LastCommitted, e.Watermark
	case BatchStarted:
		t.started, t.idle = max(t.started, e.BatchID), false
	case BatchCompleted:
		if e.BatchID > t.started {
			s.send(r, BatchStarted{Pipeline: p, Query: q, BatchID: e.BatchID, Replay: e.Replay, Time: time.Now().UTC()})
			t.started = e.BatchID
		}
		if wm, ok := parseWatermark(e.Watermark); ok && wm.After(t.wm) {
			s.send(r, WatermarkAdvanced{Pipeline: p, Query: q, Host: e.Host, BatchID: e.BatchID, From: t.wm, To: wm})
			t.wm = wm
		}
		t.last, t.idle = e.BatchID, false
	case QueryIdle:
		if t.idle {
			return
		}
		t.idle = true
		e.LastBatchID = t.last
		ev = e
	}
	s.send(r, ev)
}

// send folds ev into r and calls the callbacks.
func (s *stream) send(r *Report, ev Event) {
	if r != nil {
		r.apply(ev)
	}
	s.mu.Lock()
	s.st.Pipeline, _ = ev.Origin()
	if b, ok := ev.(BatchCompleted); ok && b.Host == "" {
		s.st.Batches++
		last := b.Batch
		s.st.Last = &last
	}
	s.mu.Unlock()
	if s.ol != nil {
		s.ol.consume(r, ev)
	}
	if s.o.OnEvent != nil {
		s.o.OnEvent(ev)
	}
	if b, ok := ev.(BatchCompleted); ok {
		s.o.batch(b.Batch)
		for _, n := range b.Warnings {
			if s.o.OnNotice != nil {
				s.o.OnNotice(n)
			}
		}
	}
}

// status returns a snapshot of the run.
func (s *stream) status() Status {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := s.st
	if st.Last != nil {
		last := *st.Last
		st.Last = &last
	}
	return st
}

// end records the run's outcome.
func (s *stream) end(reports []*Report, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.st.State = StateFinished
	for _, r := range reports {
		switch {
		case r.Status == StateFailed:
			s.st.State = StateFailed
		case r.Status == StateStopped && s.st.State != StateFailed:
			s.st.State = StateStopped
		}
	}
	if err != nil {
		s.st.State = StateFailed
	}
}

// parseWatermark parses a batch's watermark: RFC 3339, with Spark's
// milliseconds or without; ok is false for none.
func parseWatermark(s string) (time.Time, bool) {
	if s == "" {
		return time.Time{}, false
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t.UTC(), err == nil
}
