package run

import (
	"context"
	"os"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// TestLiveEventsParity runs the order-streaming pipeline over event files
// (file-json in, file-json out: the same profile on both engines) on the
// local engine and through the Spark engine on the stack, with Start and
// its handle, and compares what each query's events say, kind by kind:
//
//  1. available-now on a new checkpoint: started fresh, per batch started
//     (a watermark advance) completed, terminated finished;
//  2. processing-time after a new file: started from the checkpoint (with
//     the last commit, the resume offsets of its source, the watermark),
//     the new batch, idle once caught up, then Stop: terminated stopped.
//
// (The late output is a query of its own on the local engine and part of
// the windows query's batches on Spark: only the windows and quarantine
// queries are compared.)
func TestLiveEventsParity(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (scripts/stack.sh up)")
	}
	t.Setenv(StateDirEnv, t.TempDir())
	rigs := map[string]*eventsRig{}
	for _, eng := range []string{profile.EngineLocal, profile.EnginePySpark} {
		r := newEventsRig(t, eng)
		r.write(order(1, 1, "2026-07-15T10:50:00Z", "paid"), "not json")
		r.write(order(2, 2, "2026-07-15T11:20:00Z", "paid"))
		rigs[eng] = r
	}
	got := map[string][2]*recorder{}
	for eng, r := range rigs {
		var first, second recorder
		rep := r.liveRun(r.model("{type: available-now}", ""), &first, false)
		t.Logf("%s run 1: %d batches, status %s", eng, rep.Batches, rep.Status)
		checkExecutors(t, eng, rep)
		r.write(order(3, 3, "2026-07-15T11:40:00Z", "paid"), order(4, 4, "2026-07-15T10:10:00Z", "paid"))
		rep = r.liveRun(r.model("{type: processing-time, interval: 1s}", "  stop_policy: finish-batch\n"), &second, true)
		t.Logf("%s run 2: %d batches, status %s", eng, rep.Batches, rep.Status)
		got[eng] = [2]*recorder{&first, &second}
	}
	for run := range 2 {
		for _, q := range []string{windows, rejected} {
			local, spark := got[profile.EngineLocal][run], got[profile.EnginePySpark][run]
			t.Logf("run %d, query %s on Spark: %v", run+1, q, spark.lines(q))
			if diff := cmp.Diff(local.kinds(q), spark.kinds(q)); diff != "" {
				t.Errorf("run %d, query %s: event kinds (-local +spark):\n%s\nlocal:\n%v\nspark:\n%v", run+1, q, diff, local.lines(q), spark.lines(q))
			}
			if diff := cmp.Diff(local.facts(q), spark.facts(q)); diff != "" {
				t.Errorf("run %d, query %s: what the events say (-local +spark):\n%s", run+1, q, diff)
			}
		}
	}
}

// liveRun starts a run of m, waits for its end (stop: once both
// compared queries were idle, Stop) and returns its report.
func (r *eventsRig) liveRun(m *planner.Model, c *recorder, stop bool) *Report {
	r.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	idle := make(chan string, 100)
	c.on = func(ev Event) {
		if e, ok := ev.(QueryIdle); ok {
			idle <- e.Query
		}
	}
	h, err := Start(ctx, m, Options{OnEvent: c.add})
	if err != nil {
		r.t.Fatal(err)
	}
	if stop {
		seen := map[string]bool{}
		for !seen[windows] || !seen[rejected] {
			select {
			case q := <-idle:
				seen[q] = true
			case <-ctx.Done():
				_ = h.Stop(context.Background())
				r.t.Fatalf("%s: not idle within the timeout: %v", r.engine, c.lines(windows))
			}
		}
		if st := h.Status(); st.State != StateRunning {
			r.t.Errorf("%s: status %q while idle, want running", r.engine, st.State)
		}
		if err := h.Stop(ctx); err != nil {
			r.t.Fatal(err)
		}
	}
	reports, err := h.Await(ctx)
	if err != nil || len(reports) != 1 {
		r.t.Fatalf("%s: reports %v, %v", r.engine, reports, err)
	}
	want := StateFinished
	if stop {
		want = StateStopped
	}
	if reports[0].Status != want {
		r.t.Fatalf("%s: run %s, want %s; failure %+v", r.engine, reports[0].Status, want, reports[0].Failure)
	}
	return reports[0]
}

// facts are what a query's events say that both engines must agree on:
// how it started (fresh, last commit, resume source, watermark), the
// batch ids, the watermarks (each batch's own and the one it judged late
// rows against: after the restart, the last committed batch's), the rows
// read and written, how it ended.
func (c *recorder) facts(query string) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	for _, ev := range c.events {
		if _, q := ev.Origin(); q != query {
			continue
		}
		switch e := ev.(type) {
		case QueryStarted:
			src := ""
			for _, r := range e.Resume {
				src += r.Source
			}
			out = append(out, eventLine(QueryStarted{Fresh: e.Fresh, LastCommitted: e.LastCommitted, Watermark: e.Watermark})+" resume "+src)
		case BatchStarted:
			out = append(out, eventLine(BatchStarted{BatchID: e.BatchID, Replay: e.Replay}))
		case BatchCompleted:
			out = append(out, eventLine(e))
		case QueryTerminated:
			out = append(out, eventLine(QueryTerminated{Status: e.Status, LastBatchID: e.LastBatchID}))
		default:
			out = append(out, eventLine(ev))
		}
	}
	return out
}

// checkExecutors: a Spark run's report says which executors ran its
// tasks (on the stack's local[2] server: the driver, every task); a local
// run's has none.
func checkExecutors(t *testing.T, eng string, rep *Report) {
	t.Helper()
	x := rep.Executors
	if eng == profile.EngineLocal {
		if x != nil {
			t.Errorf("local run: executors %+v, want none", x)
		}
		return
	}
	if x == nil || x.Unavailable != "" {
		t.Fatalf("spark run: executors %+v, want the driver's tasks", x)
	}
	t.Logf("spark run: executors %+v", *x)
	if len(x.Executors) != 1 || x.Executors[0].ID != "driver" || x.Executors[0].Tasks == 0 || x.Jobs == 0 || x.Stages == 0 {
		t.Errorf("spark run on local[2]: executors %+v, want the driver with tasks", *x)
	}
}
