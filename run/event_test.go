package run

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// orderIR is the order-streaming example's pipeline: a windows query
// (watermark 15 minutes, one-hour windows, its late rows to the late
// output) and a quarantine query, both reading order_events.
const orderIR = "../pyspark/testdata/order-streaming.ir.json"

// eventsRig is the order-streaming pipeline over a directory of event
// files (one file per batch) on one engine, with its own sinks and
// checkpoints under dir.
type eventsRig struct {
	t      testing.TB
	dir    string
	engine string
	files  int
}

func newEventsRig(t testing.TB, engine string) *eventsRig {
	t.Helper()
	r := &eventsRig{t: t, dir: t.TempDir(), engine: engine}
	if err := os.MkdirAll(filepath.Join(r.dir, "events"), 0o755); err != nil {
		t.Fatal(err)
	}
	return r
}

// order is one order event as a JSON line.
func order(id int, customer int, at, status string) string {
	return fmt.Sprintf(`{"event_id":"e%d","order_id":%d,"customer_id":%d,"order_total":1.50,"status":%q,"event_time":%q}`,
		id, 1000+id, customer, status, at)
}

// write adds the next event file (a modification time after the last).
func (r *eventsRig) write(lines ...string) {
	r.t.Helper()
	p := filepath.Join(r.dir, "events", fmt.Sprintf("f%02d.json", r.files))
	if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
		r.t.Fatal(err)
	}
	mtime := time.Now().Add(-time.Hour).Add(time.Duration(r.files) * time.Second)
	if err := os.Chtimes(p, mtime, mtime); err != nil {
		r.t.Fatal(err)
	}
	r.files++
}

// model plans the pipeline with trigger (a YAML flow mapping) and extra
// execution settings (YAML lines).
func (r *eventsRig) model(trigger, execution string) *planner.Model {
	r.t.Helper()
	data, err := os.ReadFile(orderIR)
	if err != nil {
		r.t.Fatal(err)
	}
	doc, err := ir.Unmarshal(data)
	if err != nil {
		r.t.Fatal(err)
	}
	yaml := fmt.Sprintf(`name: events
engine: %s
test: true
execution:
  mode: structured-streaming
  trigger: %s
  checkpoint_root: %q
%sassets:
  order_events: {plugin: file-json, path: %q, max_files_per_trigger: 1}
  customer_order_windows: {plugin: file-json, path: %q}
  rejected_order_events: {plugin: file-json, path: %q}
  late_order_events: {plugin: file-json, path: %q}
resources:
  spark: {connect_url: "sc://127.0.0.1:15002", session_timezone: UTC}
`, r.engine, trigger, filepath.Join(r.dir, "checkpoints"), execution, filepath.Join(r.dir, "events"),
		filepath.Join(r.dir, "out", "windows"), filepath.Join(r.dir, "out", "rejected"), filepath.Join(r.dir, "out", "late"))
	prof, diags := profile.Parse(filepath.Join(r.dir, "profile.yaml"), []byte(yaml))
	if diags.HasErrors() {
		r.t.Fatalf("profile: %v", diags)
	}
	m, diags := planner.Plan(doc, prof, planner.Options{})
	if diags.HasErrors() {
		r.t.Fatalf("plan: %v", diags)
	}
	return m
}

// recorder collects a run's events.
type recorder struct {
	mu     sync.Mutex
	events []Event
	// on is called with each event, outside the lock (nil: nothing).
	on func(Event)
}

func (c *recorder) add(ev Event) {
	c.mu.Lock()
	c.events = append(c.events, ev)
	c.mu.Unlock()
	if c.on != nil {
		c.on(ev)
	}
}

// lines renders the events of one query, one short line each: what the
// tests compare.
func (c *recorder) lines(query string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, ev := range c.events {
		if _, q := ev.Origin(); q == query {
			out = append(out, eventLine(ev))
		}
	}
	return out
}

// kinds lists the kinds of one query's events.
func (c *recorder) kinds(query string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, ev := range c.events {
		if _, q := ev.Origin(); q == query {
			out = append(out, ev.Kind())
		}
	}
	return out
}

// eventLine is an event in a few words.
func eventLine(ev Event) string {
	wm := func(t time.Time) string {
		if t.IsZero() {
			return "-"
		}
		return t.Format("15:04")
	}
	switch e := ev.(type) {
	case QueryStarted:
		s := fmt.Sprintf("started fresh=%v last=%d wm=%s", e.Fresh, e.LastCommitted, wm(e.Watermark))
		for _, r := range e.Resume {
			s += fmt.Sprintf(" %s=%s", r.Source, CompactOffset(r.Offset))
		}
		if e.Replay != nil {
			s += fmt.Sprintf(" replay=%d", *e.Replay)
		}
		return s
	case BatchStarted:
		return fmt.Sprintf("batch-started %d replay=%v", e.BatchID, e.Replay)
	case WatermarkAdvanced:
		return fmt.Sprintf("watermark %d %s→%s", e.BatchID, wm(e.From), wm(e.To))
	case BatchCompleted:
		s := fmt.Sprintf("batch %d input=%d output=%d late=%d", e.BatchID, e.InputRows, e.OutputRows, e.LateRows)
		if e.LateWatermark != "" || e.Watermark != "" {
			late, _ := parseWatermark(e.LateWatermark)
			now, _ := parseWatermark(e.Watermark)
			s += fmt.Sprintf(" late-vs=%s wm=%s", wm(late), wm(now))
		}
		return s
	case QueryIdle:
		return fmt.Sprintf("idle after %d", e.LastBatchID)
	case QueryFailed:
		return fmt.Sprintf("failed %s", e.Class)
	case QueryTerminated:
		return fmt.Sprintf("terminated %s last=%d wm=%s", e.Status, e.LastBatchID, wm(e.Watermark))
	}
	return fmt.Sprintf("%T", ev)
}

// run starts the pipeline, waits for it and returns its reports.
func (r *eventsRig) run(m *planner.Model, c *recorder) []*Report {
	r.t.Helper()
	h, err := Start(context.Background(), m, Options{OnEvent: c.add})
	if err != nil {
		r.t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	reports, err := h.Await(ctx)
	if err != nil {
		r.t.Fatal(err)
	}
	return reports
}

const (
	windows  = "customer_order_windows"
	rejected = "rejected_order_events"
)

// TestLocalEvents: the event sequence of each query on the local engine:
// a fresh start, the watermark advancing batch by batch (the windows
// query's no-data batch emits the window the watermark closed; each batch
// judges late rows against the previous batch's watermark), a restart
// from the checkpoint with the offsets and watermark it resumes with and
// a late event (judged against the last committed batch's watermark), and
// a replay of a batch the previous run did not commit.
func TestLocalEvents(t *testing.T) {
	r := newEventsRig(t, profile.EngineLocal)
	m := r.model("{type: available-now}", "")
	r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"), "not json")
	r.write(order(2, 2, "2026-07-15T11:20:00Z", "paid"))

	var c recorder
	reports := r.run(m, &c)
	want := map[string][]string{
		windows: {
			"started fresh=true last=-1 wm=-",
			"batch-started 0 replay=false", "batch 0 input=2 output=0 late=0",
			"batch-started 1 replay=false", "watermark 1 -→10:35", "batch 1 input=1 output=0 late=0 late-vs=- wm=10:35",
			"batch-started 2 replay=false", "watermark 2 10:35→11:05", "batch 2 input=0 output=1 late=0 late-vs=10:35 wm=11:05",
			"terminated finished last=2 wm=11:05",
		},
		rejected: {
			"started fresh=true last=-1 wm=-",
			"batch-started 0 replay=false", "batch 0 input=2 output=1 late=0",
			"batch-started 1 replay=false", "batch 1 input=1 output=0 late=0",
			"terminated finished last=1 wm=-",
		},
	}
	for q, w := range want {
		if diff := cmp.Diff(w, c.lines(q)); diff != "" {
			t.Errorf("fresh run, query %s (-want +got):\n%s", q, diff)
		}
	}
	if len(reports) != 1 || reports[0].Start != "fresh" || reports[0].Status != StateFinished || reports[0].Batches != 8 {
		t.Fatalf("fresh run reports %+v", *reports[0])
	}

	// A restart: a new file with an on-time and a late event.
	r.write(order(3, 3, "2026-07-15T11:40:00Z", "paid"), order(4, 4, "2026-07-15T10:10:00Z", "paid"))
	c = recorder{}
	reports = r.run(m, &c)
	want = map[string][]string{
		windows: {
			`started fresh=false last=2 wm=11:05 order_events={"n":2}`,
			"batch-started 3 replay=false", "batch 3 input=2 output=0 late=0 late-vs=11:05 wm=11:05",
			"batch-started 4 replay=false", "watermark 4 11:05→11:25", "batch 4 input=0 output=0 late=0 late-vs=11:05 wm=11:25",
			"terminated finished last=4 wm=11:25",
		},
		rejected: {
			`started fresh=false last=1 wm=- order_events={"n":2}`,
			"batch-started 2 replay=false", "batch 2 input=2 output=0 late=0",
			"terminated finished last=2 wm=-",
		},
	}
	for q, w := range want {
		if diff := cmp.Diff(w, c.lines(q)); diff != "" {
			t.Errorf("restart, query %s (-want +got):\n%s", q, diff)
		}
	}
	rep := reports[0]
	// The late event goes to the late query's sink (its own query here).
	if rep.Start != "checkpoint-recovery" || rep.Batches != 5 || rep.Sinks[windows] != 0 || rep.Sinks["late_order_events"] != 1 ||
		rep.Queries[0].LastBatchID != 4 {
		t.Errorf("restart report: start %s, %d batches, sinks %v, queries %+v", rep.Start, rep.Batches, rep.Sinks, rep.Queries)
	}

	// A replay: batch 2 of the rejected query logged, not committed.
	r.write(order(5, 5, "2026-07-15T12:00:00Z", "paid"))
	rmCommit(t, filepath.Join(r.dir, "checkpoints"), rejected, 2)
	c = recorder{}
	r.run(m, &c)
	wantRejected := []string{
		`started fresh=false last=1 wm=- order_events={"n":2} replay=2`,
		"batch-started 2 replay=true", "batch 2 input=2 output=0 late=0",
		"batch-started 3 replay=false", "batch 3 input=1 output=0 late=0",
		"terminated finished last=3 wm=-",
	}
	if diff := cmp.Diff(wantRejected, c.lines(rejected)); diff != "" {
		t.Errorf("replay, query %s (-want +got):\n%s", rejected, diff)
	}
}

// rmCommit deletes commits/<n> of a query's checkpoint under root, as a
// run that died before the commit leaves it.
func rmCommit(t testing.TB, root, query string, n int) {
	t.Helper()
	found, _ := filepath.Glob(filepath.Join(root, "*", "*", "*", query, "commits", fmt.Sprint(n)))
	if len(found) != 1 {
		t.Fatalf("commits/%d of %s under %s: %v", n, query, root, found)
	}
	if err := os.Remove(found[0]); err != nil {
		t.Fatal(err)
	}
}

// TestLocalEventsIdleAndStop: under a processing-time trigger a query
// that caught up is idle (once, until a batch runs again); Stop stops
// the run by its stop policy, every query terminated stopped, and the
// handle's status says so.
func TestLocalEventsIdleAndStop(t *testing.T) {
	r := newEventsRig(t, profile.EngineLocal)
	m := r.model("{type: processing-time, interval: 20ms}", "  stop_policy: finish-batch\n")
	r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"))
	idle := make(chan string, 100)
	var h *Handle
	c := recorder{on: func(ev Event) {
		if e, ok := ev.(QueryIdle); ok {
			idle <- e.Query
		}
	}}
	h, err := Start(context.Background(), m, Options{OnEvent: c.add})
	if err != nil {
		t.Fatal(err)
	}
	if len(h.ID()) != 32 {
		t.Errorf("ID = %q, want 32 hex digits", h.ID())
	}
	seen := map[string]bool{}
	for len(seen) < 2 {
		select {
		case q := <-idle:
			seen[q] = true
		case <-time.After(30 * time.Second):
			t.Fatalf("no idle event of both queries within 30 s: %v", seen)
		}
	}
	time.Sleep(100 * time.Millisecond) // a few more idle triggers: no more idle events
	if st := h.Status(); st.State != StateRunning || st.Batches < 2 || st.Last == nil {
		t.Errorf("status while idle = %+v, want running after at least 2 batches", st)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := h.Stop(ctx); err != nil {
		t.Fatal(err)
	}
	reports, err := h.Await(ctx)
	if err != nil || len(reports) != 1 || reports[0].Status != StateStopped {
		t.Fatalf("after Stop: reports %+v, %v; want one, stopped", reports, err)
	}
	if st := h.Status(); st.State != StateStopped {
		t.Errorf("status after Stop = %q, want stopped", st.State)
	}
	want := []string{
		"started fresh=true last=-1 wm=-",
		"batch-started 0 replay=false", "batch 0 input=1 output=0 late=0",
		"idle after 0",
		"terminated stopped last=0 wm=-",
	}
	if diff := cmp.Diff(want, c.lines(rejected)); diff != "" {
		t.Errorf("query %s (-want +got):\n%s", rejected, diff)
	}
}

// TestLocalEventsFailure: a batch that fails is a QueryFailed naming the
// query, its failure class and retry guidance; every query terminates
// (the failed one failed, the others stopped) and the report says so.
// Each failure is made when its batch has started (listed its input).
func TestLocalEventsFailure(t *testing.T) {
	tests := []struct {
		name  string
		query string // whose batch 0 fails
		fail  func(r *eventsRig)
		class string
		retry string
		want  map[string][]string
	}{
		{"input file gone", windows, func(r *eventsRig) {
			if err := os.Remove(filepath.Join(r.dir, "events", "f00.json")); err != nil {
				t.Error(err)
			}
		}, "input-missing", "restore ", map[string][]string{
			windows:  {"started fresh=true last=-1 wm=-", "batch-started 0 replay=false", "failed input-missing", "terminated failed last=-1 wm=-"},
			rejected: {"started fresh=true last=-1 wm=-", "terminated stopped last=-1 wm=-"},
		}},
		{"sink not writable", rejected, func(r *eventsRig) {
			out := filepath.Join(r.dir, "out", "rejected")
			if err := os.RemoveAll(out); err != nil {
				t.Error(err)
			}
			if err := os.WriteFile(out, []byte("a file, not a directory"), 0o644); err != nil {
				t.Error(err)
			}
		}, "failure", "the checkpoint resumes", map[string][]string{
			windows:  {"started fresh=true last=-1 wm=-", "batch-started 0 replay=false", "batch 0 input=2 output=0 late=0", "terminated stopped last=0 wm=10:35"},
			rejected: {"started fresh=true last=-1 wm=-", "batch-started 0 replay=false", "failed failure", "terminated failed last=-1 wm=-"},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := newEventsRig(t, profile.EngineLocal)
			m := r.model("{type: available-now}", "")
			r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"), "not json")
			// the fault goes in as the run's first batch starts: the batch
			// of a later query may run beside the one before it, its
			// BatchStarted reported after that one's batch completed
			// (localengine's rounds), once it ran
			c := recorder{on: func(ev Event) {
				if e, ok := ev.(BatchStarted); ok && e.Query == windows && e.BatchID == 0 {
					tt.fail(r)
				}
			}}
			h, err := Start(context.Background(), m, Options{OnEvent: c.add})
			if err != nil {
				t.Fatal(err)
			}
			reports, err := h.Await(context.Background())
			if err == nil {
				t.Fatal("the run did not fail")
			}
			var failed *QueryFailed
			for _, ev := range c.events {
				if e, ok := ev.(QueryFailed); ok {
					failed = &e
				}
			}
			if failed == nil || failed.Query != tt.query || failed.Class != tt.class || !strings.Contains(failed.Retry, tt.retry) || failed.Err == nil {
				t.Fatalf("QueryFailed = %+v, want query %s, class %s, retry guidance %q… and the error", failed, tt.query, tt.class, tt.retry)
			}
			for q, w := range tt.want {
				if diff := cmp.Diff(w, c.lines(q)); diff != "" {
					t.Errorf("query %s (-want +got):\n%s", q, diff)
				}
			}
			if len(reports) != 1 || reports[0].Status != StateFailed || reports[0].Failure == nil || reports[0].Failure.Code != tt.class {
				t.Errorf("report = %+v", reports)
			}
			if st := h.Status(); st.State != StateFailed {
				t.Errorf("status = %q, want failed", st.State)
			}
		})
	}
}
