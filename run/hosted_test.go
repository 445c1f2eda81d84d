package run

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestMirrorHostedLoads: every event of a query hosting loads (multi-sink)
// is delivered again for each load, in order, the batch naming its host
// and carrying the rows written but not the host's gates, late rows or
// state; the report counts the host's batches once and each load's rows.
func TestMirrorHostedLoads(t *testing.T) {
	var got []string
	s := newStream(Options{OnEvent: func(ev Event) {
		p, q := ev.Origin()
		line := ev.Kind() + " " + p + "/" + q
		if st, ok := ev.(QueryStarted); ok && st.Host != "" {
			line += " host=" + st.Host
		}
		if b, ok := ev.(BatchCompleted); ok {
			line += " host=" + b.Host
			if b.Host != "" && (len(b.Gates) > 0 || b.LateRows > 0 || b.StateRows > 0) {
				line += " with host's gates, late rows or state"
			}
		}
		got = append(got, line)
	}})
	r := &Report{Pipeline: "p", Sinks: map[string]int64{}, hosted: map[string][]string{"w": {"feed"}}}
	r.query("w")
	r.query("feed").Host = "w"
	s.emit(r, QueryStarted{Pipeline: "p", Query: "w", Fresh: true, LastCommitted: -1})
	s.emit(r, BatchCompleted{Batch{Pipeline: "p", Query: "w", BatchID: 0, InputRows: 5, OutputRows: 3, LateRows: 1, StateRows: 2,
		Gates: []GateVerdict{{Name: "g", Action: "warn"}}}})
	s.emit(r, QueryTerminated{Pipeline: "p", Query: "w", Status: StateFinished, LastBatchID: 0, StateRows: 2})
	s.emit(r, QueryFailed{Pipeline: "p", Class: "failure"})
	want := []string{
		"query-started p/w", "query-started p/feed host=w",
		"batch-started p/w", "batch-completed p/w host=",
		"batch-started p/feed", "batch-completed p/feed host=w",
		"query-terminated p/w", "query-terminated p/feed",
		"query-failed p/",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events (-want +got):\n%s", diff)
	}
	if r.Batches != 1 || r.Sinks["w"] != 3 || r.Sinks["feed"] != 3 {
		t.Errorf("report: batches %d, sinks %v; want 1 batch, 3 rows to each sink", r.Batches, r.Sinks)
	}
	if q := r.query("feed"); q.Batches != 1 || q.OutputRows != 3 || q.LateRows != 0 || q.Host != "w" {
		t.Errorf("report of feed = %+v", *q)
	}
}
