package localengine

import (
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/planner"
)

// The multi-sink tests run the order-streaming pipeline with two of its
// streams loaded more than once: the windows into windows and windows_feed,
// the rejected events into rejected, rejected_audit and rejected_archive
// (one contract each, so one output mode and one set of columns), and the
// late events into late (a late branch: a query of its own).

const msPipeline = "multi-sink"

// msDoc is the multi-sink pipeline with the given gates (nil: none).
func msDoc(gates func(p *etl.Builder)) *ir.Document {
	return etl.DocumentOf(etl.NewPipeline(msPipeline, "1.0.0", func(p *etl.Builder) {
		events := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
		windows := orderstreaming.AggregateCustomerOrders.Step(p, events.Valid(), orderstreaming.AggregateParams{})
		etl.Load(p, "windows", windows)
		etl.Load(p, "windows_feed", windows)
		rejected := etl.Into[orderstreaming.RejectedOrderEvent](events.Invalid())
		etl.Load(p, "rejected", rejected)
		etl.Load(p, "rejected_audit", rejected)
		etl.Load(p, "rejected_archive", rejected)
		etl.Load(p, "late", etl.Into[orderstreaming.LateOrderEvent](events.Late()))
		if gates != nil {
			gates(p)
		}
	}))
}

// msEvent is a payload of order_events: a paid order of customer at an
// RFC 3339 time; a negative order id breaks the contract.
func msEvent(id string, order, customer int, at string) []byte {
	return []byte(`{"event_id":"` + id + `","order_id":` + strconv.Itoa(order) + `,"customer_id":` + strconv.Itoa(customer) +
		`,"order_total":10.00,"status":"paid","event_time":"` + at + `"}`)
}

// msTriggers are three triggers of order events: valid ones in the 10:00
// and 11:00 windows with two invalid ones; one at 13:00 (the watermark
// moves to 12:45, past both windows) with one invalid one; a late one and
// an invalid one.
var msTriggers = [][][]byte{
	{msEvent("a1", 1, 7, "2026-07-15T10:05:00Z"), msEvent("a2", -1, 7, "2026-07-15T10:06:00Z"),
		msEvent("a3", 2, 8, "2026-07-15T10:10:00Z"), []byte(`{"event_id":"a4"}`), msEvent("a5", 3, 7, "2026-07-15T11:30:00Z")},
	{msEvent("b1", 4, 9, "2026-07-15T13:00:00Z"), msEvent("b2", -2, 9, "2026-07-15T13:01:00Z")},
	{msEvent("c1", 5, 7, "2026-07-15T10:20:00Z"), []byte(`not json`)},
}

// msRig runs the multi-sink pipeline on memory assets, checkpoints under a
// directory of its own; open again is a restart.
type msRig struct {
	t   *testing.T
	doc *ir.Document
	dir string
	// exec are execution settings of the profile (e.g. multi_sink).
	exec map[string]string
	// modes are output modes by load (planner.Options.OutputModes).
	modes map[string]string
	env   *Env
	model *planner.Model
	eng   *Engine
	runs  []*Progress
	// files binds these loads to file-json directories under dir (by
	// load name) instead of memory tables.
	files []string
}

func newMSRig(t *testing.T, doc *ir.Document, exec, modes map[string]string) *msRig {
	t.Helper()
	r := &msRig{t: t, doc: doc, dir: t.TempDir(), exec: exec, modes: modes,
		env: &Env{Clock: func() time.Time { return time.Date(2026, 7, 15, 12, 0, 0, 0, time.UTC) }, Sinks: map[string]Sink{}}}
	r.open()
	t.Cleanup(r.close)
	return r
}

// open plans the pipeline and opens the engine, closing the open one.
func (r *msRig) open() {
	r.t.Helper()
	if err := r.tryOpen(); err != nil {
		r.t.Fatalf("open: %v", err)
	}
}

func (r *msRig) tryOpen() error {
	r.t.Helper()
	r.close()
	assets := map[string]string{}
	p := r.doc.Pipelines[0]
	for _, e := range p.Extracts {
		assets[e.Asset] = "{plugin: memory}"
	}
	for _, l := range p.Loads {
		assets[l.Asset] = "{plugin: memory}"
		if slices.Contains(r.files, l.Asset) {
			assets[l.Asset] = "{plugin: file-json, path: " + strconv.Quote(filepath.Join(r.dir, "sinks", l.Asset)) + "}"
		}
	}
	for _, g := range p.Gates {
		if g.Output != "" {
			assets[g.Output] = "{plugin: memory}"
		}
	}
	r.model, _ = planExecution(r.t, r.doc, r.dir, r.exec, assets, planner.Options{OutputModes: r.modes}, false)
	eng, err := Open(r.model, msPipeline, r.env)
	if err != nil {
		return err
	}
	r.eng = eng
	return nil
}

func (r *msRig) close() {
	if r.eng != nil {
		r.eng.Close()
		r.eng = nil
	}
}

// plan is the planned pipeline.
func (r *msRig) plan() *planner.PipelinePlan {
	r.t.Helper()
	pp, ok := r.model.Pipeline(msPipeline)
	if !ok {
		r.t.Fatalf("pipeline %s is not planned", msPipeline)
	}
	return pp
}

// add adds payloads to order_events (created by the first open).
func (r *msRig) add(payloads ...[]byte) { r.env.Memory["order_events"].Add(payloads...) }

// tryRun runs what is available, recording every batch.
func (r *msRig) tryRun() error {
	return r.eng.RunAvailable(func(p *Progress) { r.runs = append(r.runs, p) })
}

func (r *msRig) run() {
	r.t.Helper()
	if err := r.tryRun(); err != nil {
		r.t.Fatalf("run: %v", err)
	}
}

// triggers adds the payloads of each trigger and runs them.
func (r *msRig) triggers(ts ...[][]byte) {
	r.t.Helper()
	for _, ps := range ts {
		r.add(ps...)
		r.run()
	}
}

// query is the engine query named (a hosted load: its host).
func (r *msRig) query(name string) *Query {
	r.t.Helper()
	q, ok := r.eng.Query(name)
	if !ok {
		r.t.Fatalf("no query %s", name)
	}
	return q
}

// table renders a memory table's rows as canonical JSON.
func (r *msRig) table(name string) []string {
	r.t.Helper()
	t := r.env.Tables[name]
	if t == nil {
		r.t.Fatalf("no memory table %s (have %v)", name, slices.Sorted(maps.Keys(r.env.Tables)))
	}
	s, rows := t.Rows()
	return encodeAll(s, rows)
}

// batch renders the rows checkpoint cp wrote to table name in batch id;
// ok is false when it wrote none.
func (r *msRig) batch(name, cp string, id int64) ([]string, bool) {
	r.t.Helper()
	t := r.env.Tables[name]
	if t == nil {
		r.t.Fatalf("no memory table %s", name)
	}
	rows, ok := t.Batch(cp, id)
	if !ok {
		return nil, false
	}
	s, _ := t.Rows()
	return encodeAll(s, rows), true
}

// progressOf lists the recorded batches of query name, in order.
func (r *msRig) progressOf(name string) []*Progress {
	var out []*Progress
	for _, p := range r.runs {
		if p.Query == name {
			out = append(out, p)
		}
	}
	return out
}

func encodeAll(s *Schema, rows []Row) []string {
	out := make([]string, len(rows))
	for i, row := range rows {
		out[i] = string(EncodeRow(s, row))
	}
	return out
}

// TestMultiSinkQueries: the loads of one stream (same From, output mode
// and columns) share one engine query, whose checkpoint they have, whose
// progress names them, and whose batches write every one of their sinks
// the same rows; execution.multi_sink: separate gives every load a query
// and a checkpoint of its own, with the same rows.
func TestMultiSinkQueries(t *testing.T) {
	tests := []struct {
		name string
		exec map[string]string
		// queries are the engine's queries; hosts each one's hosted loads.
		queries []string
		hosts   map[string][]string
	}{
		{"shared by default", nil, []string{"windows", "rejected", "late"},
			map[string][]string{"windows": {"windows_feed"}, "rejected": {"rejected_audit", "rejected_archive"}}},
		{"shared", map[string]string{"multi_sink": "shared"}, []string{"windows", "rejected", "late"},
			map[string][]string{"windows": {"windows_feed"}, "rejected": {"rejected_audit", "rejected_archive"}}},
		{"separate", map[string]string{"multi_sink": "separate"},
			[]string{"windows", "windows_feed", "rejected", "rejected_audit", "rejected_archive", "late"}, nil},
	}
	// loads are the loads of each stream, the first one first.
	loads := [][]string{{"windows", "windows_feed"}, {"rejected", "rejected_audit", "rejected_archive"}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newMSRig(t, msDoc(nil), tc.exec, nil)
			var names []string
			for _, q := range r.eng.Queries {
				names = append(names, q.Name)
			}
			if diff := cmp.Diff(tc.queries, names); diff != "" {
				t.Fatalf("engine queries (-want +got):\n%s", diff)
			}
			pp := r.plan()
			for _, q := range r.eng.Queries {
				if diff := cmp.Diff(tc.hosts[q.Name], q.Hosted(), cmpEmpty); diff != "" {
					t.Errorf("query %s hosts (-want +got):\n%s", q.Name, diff)
				}
				pq, _ := pp.Query(q.Name)
				if pq.Host != "" || !slices.Equal(pq.Hosted, tc.hosts[q.Name]) || pq.Checkpoint != q.Checkpoint {
					t.Errorf("planned query %s: host %q, hosted %v, checkpoint %s; want no host, hosted %v, checkpoint %s",
						q.Name, pq.Host, pq.Hosted, pq.Checkpoint, tc.hosts[q.Name], q.Checkpoint)
				}
				for _, h := range tc.hosts[q.Name] {
					hq, _ := pp.Query(h)
					if hq.Host != q.Name || hq.Checkpoint != q.Checkpoint || hq.Identity == pq.Identity {
						t.Errorf("planned load %s: host %q, checkpoint %s, identity %s; want host %s, checkpoint %s, an identity other than %s",
							h, hq.Host, hq.Checkpoint, hq.Identity, q.Name, q.Checkpoint, pq.Identity)
					}
					if eq := r.query(h); eq != q {
						t.Errorf("Engine.Query(%s) = %s, want its host %s", h, eq.Name, q.Name)
					}
				}
			}
			checkpoints := map[string]string{}
			for _, q := range r.eng.Queries {
				if other, ok := checkpoints[q.Checkpoint]; ok {
					t.Errorf("queries %s and %s share checkpoint %s", other, q.Name, q.Checkpoint)
				}
				checkpoints[q.Checkpoint] = q.Name
			}

			r.triggers(msTriggers...)

			ran := map[string]bool{}
			for _, p := range r.runs {
				ran[p.Query] = true
				if diff := cmp.Diff(tc.hosts[p.Query], p.Hosted, cmpEmpty); diff != "" {
					t.Errorf("progress of %s batch %d: hosted (-want +got):\n%s", p.Query, p.BatchID, diff)
				}
			}
			if got := slices.Sorted(maps.Keys(ran)); !slices.Equal(got, slices.Sorted(slices.Values(tc.queries))) {
				t.Errorf("progress names queries %v, want %v", got, slices.Sorted(slices.Values(tc.queries)))
			}
			for _, stream := range loads {
				first := stream[0]
				want := map[string]int{"windows": 3, "rejected": 4}[first] // rows over the three triggers
				if got := len(r.table(first)); got != want {
					t.Errorf("%s holds %d rows, want %d: %v", first, got, want, r.table(first))
				}
				for _, other := range stream[1:] {
					if diff := cmp.Diff(r.table(first), r.table(other)); diff != "" {
						t.Errorf("%s and %s hold different rows (-%s +%s):\n%s", first, other, first, other, diff)
					}
					// batch by batch, each from the checkpoint of its query
					fq, oq := r.query(first), r.query(other)
					if shared := fq == oq; shared != (tc.hosts != nil) {
						t.Errorf("%s and %s in one query: %v", first, other, shared)
					}
					batches := r.progressOf(oq.Name)
					if len(batches) == 0 {
						t.Fatalf("query %s ran no batch", oq.Name)
					}
					for _, p := range batches {
						fr, fok := r.batch(first, fq.Checkpoint, p.BatchID)
						or, ook := r.batch(other, oq.Checkpoint, p.BatchID)
						if !fok || !ook {
							t.Errorf("batch %d: %s written %v, %s written %v; want both", p.BatchID, first, fok, other, ook)
							continue
						}
						if diff := cmp.Diff(fr, or); diff != "" {
							t.Errorf("batch %d: %s and %s got different rows (-%s +%s):\n%s", p.BatchID, first, other, first, other, diff)
						}
						if len(or) != p.OutputRows {
							t.Errorf("batch %d of %s: %s got %d rows, progress says %d", p.BatchID, oq.Name, other, len(or), p.OutputRows)
						}
					}
				}
			}
		})
	}
}

// TestMultiSinkOneQueryPerStream: one query per stream reads the source's
// batch for all the stream's loads, and the aggregation's state is held
// once, not once per load (separate: once per load).
func TestMultiSinkOneQueryPerStream(t *testing.T) {
	tests := []struct {
		name string
		exec map[string]string
		// reads is how many queries read order_events; states how many
		// hold the aggregation's state.
		reads, states int
	}{
		{"shared", nil, 3, 1},
		{"separate", map[string]string{"multi_sink": "separate"}, 6, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newMSRig(t, msDoc(nil), tc.exec, nil)
			r.triggers(msTriggers[0])
			reads, states := 0, 0
			for _, p := range r.runs {
				if p.BatchID == 0 && p.InputRows == len(msTriggers[0]) {
					reads++
				}
			}
			for _, q := range r.eng.Queries {
				if len(q.State()) > 0 && q.StateRows() > 0 {
					states++
				}
			}
			if reads != tc.reads || states != tc.states {
				t.Errorf("batch 0 read by %d queries, state held by %d; want %d and %d", reads, states, tc.reads, tc.states)
			}
		})
	}
}

// TestMultiSinkReplaySkips: a replay of every committed batch of every
// query produces again the rows each hosted load got, and every sink
// skips it: the tables do not change.
func TestMultiSinkReplaySkips(t *testing.T) {
	r := newMSRig(t, msDoc(nil), nil, nil)
	r.triggers(msTriggers...)
	before := map[string][]string{}
	for name := range r.env.Tables {
		before[name] = r.table(name)
	}
	hosted := 0
	for _, q := range r.eng.Queries {
		for n := int64(0); n < q.NextBatch(); n++ {
			rep, err := q.Replay(n)
			if err != nil {
				t.Fatalf("replay batch %d of %s: %v", n, q.Name, err)
			}
			if !rep.Skipped {
				t.Errorf("replay of batch %d of %s was written again", n, q.Name)
			}
			if got, want := slices.Sorted(maps.Keys(rep.Hosted)), slices.Sorted(slices.Values(q.Hosted())); !slices.Equal(got, want) {
				t.Errorf("replay of batch %d of %s: rows for hosted loads %v, want %v", n, q.Name, got, want)
			}
			for load, rows := range rep.Hosted {
				hosted++
				orig, ok := r.batch(load, q.Checkpoint, n)
				if !ok {
					t.Errorf("batch %d of %s: hosted load %s has no batch", n, q.Name, load)
				}
				if diff := cmp.Diff(orig, encodeAll(q.Schema(), rows)); diff != "" {
					t.Errorf("replay of batch %d of %s: rows for %s (-written +replayed):\n%s", n, q.Name, load, diff)
				}
			}
		}
	}
	if hosted == 0 {
		t.Fatal("no replay wrote a hosted load")
	}
	for name, rows := range before {
		if diff := cmp.Diff(rows, r.table(name)); diff != "" {
			t.Errorf("the replays changed %s (-before +after):\n%s", name, diff)
		}
	}
}

// flakySink is a memory table behind a sink that refuses the write of
// batch failAt (once, when failAt ≥ 0), as a sink whose process dies
// before it writes; it counts the writes that reached the table and those
// the table skipped.
type flakySink struct {
	t      *MemoryTable
	mu     sync.Mutex
	failAt int64
	// writes and skips count, per batch id, the writes the table applied
	// and the ones it skipped.
	writes, skips map[int64]int
}

var errFlaky = errors.New("flaky sink: the write did not happen")

func newFlakySink(t *MemoryTable, failAt int64) *flakySink {
	return &flakySink{t: t, failAt: failAt, writes: map[int64]int{}, skips: map[int64]int{}}
}

func (f *flakySink) Write(cp string, id int64, s *Schema, rows []Row) (bool, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if id == f.failAt {
		f.failAt = -1
		return false, errFlaky
	}
	skipped, err := f.t.Write(cp, id, s, rows)
	if err == nil && skipped {
		f.skips[id]++
	} else if err == nil {
		f.writes[id]++
	}
	return skipped, err
}

// msSinks puts a flakySink over a new memory table (in env.Tables, so the
// rig reads it) in front of each load; the ones in fail refuse batch
// fail[load] once.
func (r *msRig) msSinks(t *testing.T, fail map[string]int64) map[string]*flakySink {
	t.Helper()
	out := map[string]*flakySink{}
	r.close()
	if r.env.Tables == nil {
		r.env.Tables = map[string]*MemoryTable{}
	}
	for _, l := range r.doc.Pipelines[0].Loads {
		failAt, ok := fail[l.Asset]
		if !ok {
			failAt = -1
		}
		tbl := NewMemoryTable(l.Asset, TableAppend, nil)
		r.env.Tables[l.Asset] = tbl
		out[l.Asset] = newFlakySink(tbl, failAt)
		r.env.Sinks[l.Asset] = out[l.Asset]
	}
	r.open()
	return out
}

// msRows is how many rows each stream writes over msTriggers.
var msRows = map[string]int{"windows": 3, "rejected": 4}

// TestMultiSinkCrashBetweenWrites: a batch whose process dies after the
// host's sink wrote it and before a hosted load's sink did (here: that
// sink fails) does not commit; after the restart the batch runs again with
// the same offsets and state, the sinks that wrote it skip it and the
// others write it: every sink gets every batch exactly once, with the
// same rows.
func TestMultiSinkCrashBetweenWrites(t *testing.T) {
	tests := []struct {
		name  string
		host  string
		fails string // the hosted load whose sink fails
		batch int64  // the batch it fails
		// rows is how many rows the failed batch writes.
		rows int
	}{
		// batch 0: the two invalid events of the first trigger
		{"rejected events, first hosted load", "rejected", "rejected_audit", 0, 2},
		{"rejected events, last hosted load", "rejected", "rejected_archive", 0, 2},
		{"rejected events, second trigger", "rejected", "rejected_audit", 1, 1},
		// batch 1: the no-data batch after the first trigger (watermark
		// 11:15) emits the two windows of 10:00 from the state of batch 0
		{"windows, stateful", "windows", "windows_feed", 1, 2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newMSRig(t, msDoc(nil), nil, nil)
			sinks := r.msSinks(t, map[string]int64{tc.fails: tc.batch})
			var err error
			next := 0 // the next trigger
			for next < len(msTriggers) && err == nil {
				r.add(msTriggers[next]...)
				next++
				err = r.tryRun()
			}
			var qe *QueryError
			if !errors.As(err, &qe) || qe.Query != tc.host || !errors.Is(err, errFlaky) || !strings.Contains(err.Error(), "hosted load "+tc.fails) {
				t.Fatalf("run = %v; want a QueryError of %s naming hosted load %s", err, tc.host, tc.fails)
			}
			if n := sinks[tc.host].writes[tc.batch]; n != 1 {
				t.Fatalf("the host's sink wrote batch %d %d times before the crash, want 1", tc.batch, n)
			}
			if n := sinks[tc.fails].writes[tc.batch]; n != 0 {
				t.Fatalf("the failing sink wrote batch %d %d times, want none", tc.batch, n)
			}
			if q := r.query(tc.host); q.NextBatch() != tc.batch {
				t.Fatalf("query %s: next batch %d after the failure, want %d (uncommitted)", tc.host, q.NextBatch(), tc.batch)
			}

			r.open() // the restart
			q := r.query(tc.host)
			if id, ok := q.ReplayBatch(); !ok || id != tc.batch {
				t.Fatalf("ReplayBatch = %d, %v after the restart; want %d, true", id, ok, tc.batch)
			}
			r.runs = nil
			r.run()
			r.triggers(msTriggers[next:]...)

			var replay *Progress
			for _, p := range r.progressOf(tc.host) {
				if p.BatchID == tc.batch {
					replay = p
				}
			}
			if replay == nil || !replay.Replay || replay.Skipped || replay.OutputRows != tc.rows {
				t.Fatalf("batch %d of %s after the restart: %+v; want a replay of %d rows, not skipped (the hosted sink wrote it)", tc.batch, tc.host, replay, tc.rows)
			}
			// the sinks before the failing one wrote the batch before the
			// crash and skip it after; the failing one and those after it
			// write it after the restart
			wrote := true
			for _, name := range append([]string{tc.host}, q.Hosted()...) {
				if name == tc.fails {
					wrote = false
				}
				s := sinks[name]
				for id := int64(0); id < q.NextBatch(); id++ {
					if s.writes[id] != 1 {
						t.Errorf("%s: batch %d written %d times, want once", name, id, s.writes[id])
					}
				}
				want := 0
				if wrote {
					want = 1
				}
				if s.skips[tc.batch] != want {
					t.Errorf("%s: batch %d skipped %d times, want %d", name, tc.batch, s.skips[tc.batch], want)
				}
				if rows, ok := r.batch(name, q.Checkpoint, tc.batch); !ok || len(rows) != tc.rows {
					t.Errorf("%s: batch %d holds %d rows (written %v), want %d", name, tc.batch, len(rows), ok, tc.rows)
				}
				if diff := cmp.Diff(r.table(tc.host), r.table(name)); diff != "" {
					t.Errorf("%s and %s hold different rows (-%s +%s):\n%s", tc.host, name, tc.host, name, diff)
				}
			}
			if got := len(r.table(tc.host)); got != msRows[tc.host] {
				t.Errorf("%s holds %d rows, want %d: %v", tc.host, got, msRows[tc.host], r.table(tc.host))
			}
		})
	}
}

// TestMultiSinkCrashBeforeCommit: a crash after every sink wrote the
// batch and before the commit re-runs the batch after the restart, and
// every sink, hosted or not, skips it.
func TestMultiSinkCrashBeforeCommit(t *testing.T) {
	r := newMSRig(t, msDoc(nil), nil, nil)
	sinks := r.msSinks(t, nil)
	r.add(msTriggers[0]...)
	for _, q := range r.eng.Queries {
		if _, err := q.Crash(); err != nil {
			t.Fatalf("crash %s: %v", q.Name, err)
		}
	}
	r.open()
	r.run()
	for _, p := range r.runs {
		if p.BatchID == 0 && (!p.Replay || !p.Skipped) {
			t.Errorf("batch 0 of %s after the restart: replay %v, skipped %v; want a replay every sink skipped", p.Query, p.Replay, p.Skipped)
		}
	}
	for name, s := range sinks {
		if s.writes[0] != 1 || s.skips[0] != 1 {
			t.Errorf("%s: batch 0 written %d times, skipped %d; want written once, skipped once", name, s.writes[0], s.skips[0])
		}
	}
	for _, name := range []string{"rejected_audit", "rejected_archive"} {
		if diff := cmp.Diff(r.table("rejected"), r.table(name)); diff != "" {
			t.Errorf("rejected and %s hold different rows (-rejected +%s):\n%s", name, name, diff)
		}
	}
	if got := len(r.table("rejected")); got != 2 {
		t.Errorf("rejected holds %d rows, want 2", got)
	}
}

// TestMultiSinkRetryWithoutRestart: a batch whose hosted write failed,
// run again by the same engine without a restart (as TryProcessAllAvailable
// then ProcessAllAvailable do, and LocalRunner after an arrival with
// WantFailure), must still give every sink of the stream the same rows,
// each batch once: the host's sink wrote the batch, so the batch must run
// again as it was (same offsets, same state), not as a new plan.
//
// The engine keeps a failed batch pending with its operators reset
// (failBatch), for a write error as for a failing gate; a stateful query
// with one sink relies on the same (its failed batch's evicted windows).
func TestMultiSinkRetryWithoutRestart(t *testing.T) {
	tests := []struct {
		name  string
		exec  map[string]string
		first string // the stream's first load
		fails string
		batch int64
		// more: events arrive between the failure and the retry
		more bool
	}{
		{"shared, rejected, events arrive before the retry", nil, "rejected", "rejected_audit", 0, true},
		{"shared, windows, no-data batch retried", nil, "windows", "windows_feed", 1, false},
		{"separate, rejected, events arrive before the retry", map[string]string{"multi_sink": "separate"}, "rejected", "rejected_audit", 0, true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newMSRig(t, msDoc(nil), tc.exec, nil)
			sinks := r.msSinks(t, map[string]int64{tc.fails: tc.batch})
			r.add(msTriggers[0]...)
			if err := r.tryRun(); !errors.Is(err, errFlaky) {
				t.Fatalf("run = %v, want the flaky sink's error", err)
			}
			if !tc.more {
				r.run() // the same batch again
			}
			for _, ps := range msTriggers[1:] {
				r.add(ps...)
				r.run()
			}
			stream := []string{"windows", "windows_feed"}
			if tc.first == "rejected" {
				stream = []string{"rejected", "rejected_audit", "rejected_archive"}
			}
			for _, name := range stream {
				if got := len(r.table(name)); got != msRows[tc.first] {
					t.Errorf("%s holds %d rows, want %d: %v", name, got, msRows[tc.first], r.table(name))
				}
				if diff := cmp.Diff(r.table(tc.first), r.table(name)); diff != "" {
					t.Errorf("%s and %s hold different rows (-%s +%s):\n%s", tc.first, name, tc.first, name, diff)
				}
				for id, n := range sinks[name].writes {
					if n != 1 {
						t.Errorf("%s: batch %d written %d times", name, id, n)
					}
				}
			}
		})
	}
}

// TestMultiSinkNotHosted: a load named by a quality gate, a load in
// another output mode, and every load of a pipeline whose profile says
// separate keep a query of their own; an invalid-ratio gate (of the
// source, no load) does not stop the loads from sharing one, and is
// evaluated by the host alone.
func TestMultiSinkNotHosted(t *testing.T) {
	tests := []struct {
		name  string
		gates func(p *etl.Builder)
		modes map[string]string
		// hosts are the hosted loads of each engine query.
		hosts map[string][]string
		// gated are the queries that evaluate a gate.
		gated []string
	}{
		{name: "a gate of a hosted load",
			gates: func(p *etl.Builder) {
				etl.Gate(p, "audit-rows", etl.RowsBelow("rejected_audit", 1), etl.Warn)
			},
			hosts: map[string][]string{"windows": {"windows_feed"}, "rejected": {"rejected_archive"}, "rejected_audit": nil, "late": nil},
			gated: []string{"rejected_audit"}},
		{name: "a gate of the first load",
			gates: func(p *etl.Builder) {
				etl.Gate(p, "ids", etl.NullRatioAbove("rejected", "event_id", 0.9), etl.Warn)
			},
			hosts: map[string][]string{"windows": {"windows_feed"}, "rejected": nil, "rejected_audit": {"rejected_archive"}, "late": nil},
			gated: []string{"rejected"}},
		{name: "a quarantine gate",
			gates: func(p *etl.Builder) {
				etl.Gate(p, "thin", etl.RowsBelow("windows_feed", 2), etl.Quarantine, etl.QuarantineTo("thin_windows"))
			},
			hosts: map[string][]string{"windows": nil, "windows_feed": nil, "rejected": {"rejected_audit", "rejected_archive"}, "late": nil},
			gated: []string{"windows_feed"}},
		{name: "another output mode", modes: map[string]string{"windows_feed": "complete"},
			hosts: map[string][]string{"windows": nil, "windows_feed": nil, "rejected": {"rejected_audit", "rejected_archive"}, "late": nil}},
		{name: "an invalid-ratio gate",
			gates: func(p *etl.Builder) {
				etl.Gate(p, "invalid", etl.InvalidRatioAbove("order_events", 0.9), etl.Warn)
			},
			hosts: map[string][]string{"windows": {"windows_feed"}, "rejected": {"rejected_audit", "rejected_archive"}, "late": nil},
			gated: []string{"rejected", "windows"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := newMSRig(t, msDoc(tc.gates), nil, tc.modes)
			got := map[string][]string{}
			for _, q := range r.eng.Queries {
				got[q.Name] = q.Hosted()
			}
			if diff := cmp.Diff(tc.hosts, got, cmpEmpty); diff != "" {
				t.Fatalf("hosted loads by query (-want +got):\n%s", diff)
			}
			pp := r.plan()
			for name := range tc.hosts {
				if pq, _ := pp.Query(name); pq.Host != "" {
					t.Errorf("planned query %s has host %s", name, pq.Host)
				}
			}
			r.triggers(msTriggers...)
			gated := map[string]bool{}
			for _, p := range r.runs {
				if len(p.Gates) > 0 {
					gated[p.Query] = true
				}
				if diff := cmp.Diff(tc.hosts[p.Query], p.Hosted, cmpEmpty); diff != "" {
					t.Errorf("progress of %s batch %d: hosted (-want +got):\n%s", p.Query, p.BatchID, diff)
				}
			}
			if diff := cmp.Diff(tc.gated, slices.Sorted(maps.Keys(gated)), cmpEmpty); diff != "" {
				t.Errorf("queries evaluating gates (-want +got):\n%s", diff)
			}
			// loads in queries of their own still get every row of their stream
			for _, pair := range [][2]string{{"rejected", "rejected_audit"}, {"rejected", "rejected_archive"}} {
				if diff := cmp.Diff(r.table(pair[0]), r.table(pair[1])); diff != "" {
					t.Errorf("%s and %s hold different rows (-%s +%s):\n%s", pair[0], pair[1], pair[0], pair[1], diff)
				}
			}
		})
	}
}

// cmpEmpty equates nil and empty lists (Query.Hosted of a query that
// hosts no load is empty).
var cmpEmpty = cmpopts.EquateEmpty()

// TestMultiSinkHostedGuarantee: the guarantee of a hosted load names the
// query whose checkpoint and micro-batches write it.
func TestMultiSinkHostedGuarantee(t *testing.T) {
	r := newMSRig(t, msDoc(nil), nil, nil)
	pp := r.plan()
	for _, c := range []struct{ host, hosted string }{{"windows", "windows_feed"}, {"rejected", "rejected_audit"}, {"rejected", "rejected_archive"}} {
		hq, _ := pp.Query(c.hosted)
		if hq.Guarantee.Requirements == nil || !strings.Contains(hq.Guarantee.Requirements[0], fmt.Sprintf("of query %s,", c.host)) {
			t.Errorf("guarantee of %s: %v; want it to name query %s", c.hosted, hq.Guarantee.Requirements, c.host)
		}
	}
}
