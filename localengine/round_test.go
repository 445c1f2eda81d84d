package localengine

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
)

// roundSinks are the loads of the example, each a query of its own.
var roundSinks = []string{"customer_order_windows", "rejected_order_events", "late_order_events"}

// roundRig is the order-streaming example over file-json inputs (one
// micro-batch per file) into file-json sinks, under a directory of its
// own, with a fixed clock.
type roundRig struct {
	t     *testing.T
	dir   string
	p     *etl.Pipeline
	sinks []string
	m     *planner.Model
}

func newRoundRig(t *testing.T, files int) *roundRig {
	return newPipelineRig(t, orderstreaming.Pipeline, roundSinks, files)
}

// newPipelineRig is a roundRig of pipeline p, whose loads are sinks.
func newPipelineRig(t *testing.T, p *etl.Pipeline, sinks []string, files int) *roundRig {
	t.Helper()
	r := &roundRig{t: t, dir: t.TempDir(), p: p, sinks: sinks}
	in := filepath.Join(r.dir, "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	for f := range files {
		var b []byte
		for i := range 40 {
			at := time.Date(2026, 7, 15, 10+f, i, 0, 0, time.UTC).Format(time.RFC3339)
			switch {
			case i%13 == 5:
				b = append(b, `{"event_id":"broken"`...)
			case i%11 == 7: // behind the watermark once the files moved it
				b = append(b, msEvent(fmt.Sprintf("l%d-%d", f, i), i+1, i%5, "2026-07-15T08:00:00Z")...)
			default:
				b = append(b, msEvent(fmt.Sprintf("e%d-%d", f, i), i+1, i%5, at)...)
			}
			b = append(b, '\n')
		}
		if err := os.WriteFile(filepath.Join(in, fmt.Sprintf("events-%02d.jsonl", f)), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	assets := map[string]string{"order_events": "{plugin: file-json, path: " + strconv.Quote(in) + ", max_files_per_trigger: 1}"}
	for _, s := range sinks {
		assets[s] = "{plugin: file-json, path: " + strconv.Quote(filepath.Join(r.dir, "out", s)) + "}"
	}
	r.m, _ = planExecution(t, etl.DocumentOf(p), r.dir, map[string]string{"trigger": "{type: available-now}"}, assets, planner.Options{}, false)
	return r
}

// open opens the engine, sinks replacing the sinks of some queries;
// overlap false runs every query alone, as before rounds overlapped.
func (r *roundRig) open(overlap bool, sinks map[string]Sink) *Engine {
	r.t.Helper()
	eng, err := Open(r.m, r.p.ID(), &Env{Clock: func() time.Time { return time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC) }, Sinks: sinks})
	if err != nil {
		r.t.Fatal(err)
	}
	r.t.Cleanup(func() { _ = eng.Close() })
	if !overlap {
		for _, q := range eng.Queries {
			q.overlaps = false
		}
	}
	return eng
}

// run runs available-now and returns the hooks and batch callbacks in the
// order Run called them.
func (r *roundRig) run(eng *Engine) ([]string, error) {
	var got []string
	eng.Hooks = Hooks{
		BatchStarted: func(q string, id int64, replay bool) { got = append(got, fmt.Sprintf("start %s %d %v", q, id, replay)) },
		Notice:       func(q string, w Warning) { got = append(got, "notice "+q+" "+w.Code) },
	}
	err := eng.Run(context.Background(), profile.Trigger{Type: profile.TriggerAvailableNow}, func(p *Progress) {
		got = append(got, fmt.Sprintf("done %s %d in %d invalid %d out %d late %d", p.Query, p.BatchID, p.InputRows, p.InvalidRows, p.OutputRows, p.LateRows))
	})
	return got, err
}

// rows are every sink's committed part files, in batch order.
func (r *roundRig) rows() map[string]string {
	r.t.Helper()
	out := map[string]string{}
	for _, s := range r.sinks {
		parts, err := CommittedFiles(filepath.Join(r.dir, "out", s))
		if err != nil {
			r.t.Fatal(err)
		}
		var b strings.Builder
		for _, p := range parts {
			data, err := os.ReadFile(p)
			if err != nil {
				r.t.Fatal(err)
			}
			b.Write(data)
		}
		out[s] = b.String()
	}
	return out
}

// TestRoundOverlaps: the example's rejected and late queries may overlap
// the query before them, so a round is one segment of three turns; Run
// with overlapping rounds calls the same hooks and callbacks in the same
// order, with the same figures, and writes the same rows, byte for byte,
// as Run with every query alone.
func TestRoundOverlaps(t *testing.T) {
	seq, par, probe := newRoundRig(t, 4), newRoundRig(t, 4), newRoundRig(t, 4)
	eng := probe.open(true, nil)
	var names []string
	for _, q := range eng.Queries {
		names = append(names, fmt.Sprintf("%s %v", q.Name, q.overlaps))
	}
	want := []string{"customer_order_windows true", "rejected_order_events true", "late_order_events true"}
	if !slices.Equal(names, want) {
		t.Fatalf("queries and overlaps = %v, want %v", names, want)
	}
	turns := eng.segment(runner{ctx: context.Background()}, 0)
	if len(turns) != 3 {
		t.Fatalf("the first round ran %d turns in its segment, want 3", len(turns))
	}
	for _, tn := range turns {
		if tn.err != nil || !tn.ok {
			t.Fatalf("turn %s: ok %v, %v", tn.q.Name, tn.ok, tn.err)
		}
	}
	gotPar, err := par.run(par.open(true, nil))
	if err != nil {
		t.Fatal(err)
	}
	gotSeq, err := seq.run(seq.open(false, nil))
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(gotPar, gotSeq) || len(gotSeq) != 4*3*2+4 { // + the no-data batches of windows and late
		t.Errorf("overlapping rounds called\n%s\nrounds alone\n%s", strings.Join(gotPar, "\n"), strings.Join(gotSeq, "\n"))
	}
	rp, rs := par.rows(), seq.rows()
	for _, s := range roundSinks {
		if rp[s] != strings.ReplaceAll(rs[s], seq.dir, par.dir) || rs[s] == "" {
			t.Errorf("sink %s: overlapping rounds wrote\n%s\nrounds alone\n%s", s, rp[s], rs[s])
		}
	}
}

// TestRoundHeldAfterFailure: when the windows query's sink write fails,
// the queries that overlapped it are abandoned before their own sink
// write: nothing of the round past the failed query commits, as when they
// ran after it; the error is the windows query's, and a run after the
// fault gives the rows of a clean run.
func TestRoundHeldAfterFailure(t *testing.T) {
	clean, faulty := newRoundRig(t, 2), newRoundRig(t, 2)
	if _, err := clean.run(clean.open(false, nil)); err != nil {
		t.Fatal(err)
	}
	eng := faulty.open(true, map[string]Sink{"customer_order_windows": failingSink{}})
	got, err := faulty.run(eng)
	var qe *QueryError
	if !errors.As(err, &qe) || qe.Query != "customer_order_windows" {
		t.Fatalf("run = %v, want the windows query's error", err)
	}
	if want := []string{"start customer_order_windows 0 false"}; !slices.Equal(got, want) {
		t.Errorf("hooks and callbacks = %v, want %v", got, want)
	}
	for _, q := range eng.Queries[1:] {
		if q.cp.exists("commits", 0) {
			t.Errorf("query %s committed batch 0 past the failed windows query", q.Name)
		}
	}
	eng.Close()
	if _, err := faulty.run(faulty.open(true, nil)); err != nil {
		t.Fatal(err)
	}
	rf, rc := faulty.rows(), clean.rows()
	for _, s := range roundSinks {
		if rf[s] != strings.ReplaceAll(rc[s], clean.dir, faulty.dir) {
			t.Errorf("sink %s after the fault:\n%s\nclean:\n%s", s, rf[s], rc[s])
		}
	}
}

// failingSink fails every write.
type failingSink struct{}

func (failingSink) Write(string, int64, *Schema, []Row) (bool, error) {
	return false, errors.New("the sink is down")
}
