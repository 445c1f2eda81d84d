package testkit

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/localengine"
)

// multiSink is the order-streaming pipeline with its windows loaded into
// two tables and its rejected events into two: on the memory profile each
// pair shares one query (multi-sink), unless separate.
var multiSink = etl.NewPipeline("multi-sink-testkit", "1.0.0", func(p *etl.Builder) {
	events := etl.Extract[orderstreaming.OrderEvent](p, "order_events")
	windows := orderstreaming.AggregateCustomerOrders.Step(p, events.Valid(), orderstreaming.AggregateParams{})
	etl.Load(p, "customer_order_windows", windows)
	etl.Load(p, "customer_order_window_feed", windows)
	rejected := etl.Into[orderstreaming.RejectedOrderEvent](events.Invalid())
	etl.Load(p, "rejected_order_events", rejected)
	etl.Load(p, "rejected_order_audit", rejected)
	etl.Load(p, "late_order_events", etl.Into[orderstreaming.LateOrderEvent](events.Late()))
})

// multiSinkStreams are the loads of each stream, the host first.
var multiSinkStreams = [][]string{
	{"customer_order_windows", "customer_order_window_feed"},
	{"rejected_order_events", "rejected_order_audit"},
}

func msOrder(id string, order, customer int, at string) []byte {
	return fmt.Appendf(nil, `{"event_id":%q,"order_id":%d,"customer_id":%d,"order_total":10.00,"status":"paid","event_time":%q}`, id, order, customer, at)
}

// msArrivals: windows of 10:00 (customers 7, 8) and 11:00 (7) with two
// invalid events; an event at 13:00 moving the watermark past them with
// one invalid event.
var msArrivals = [][][]byte{
	{msOrder("a1", 1, 7, "2026-07-15T10:05:00Z"), msOrder("a2", -1, 7, "2026-07-15T10:06:00Z"),
		msOrder("a3", 2, 8, "2026-07-15T10:10:00Z"), []byte(`{"event_id":"a4"}`), msOrder("a5", 3, 7, "2026-07-15T11:30:00Z")},
	{msOrder("b1", 4, 9, "2026-07-15T13:00:00Z"), msOrder("b2", -2, 9, "2026-07-15T13:01:00Z")},
}

// startMultiSink starts the pipeline on the memory profile, with
// execution.multi_sink when mode is not "".
func startMultiSink(tb testing.TB, mode string) *Runtime {
	tb.Helper()
	if mode == "" {
		return Start(tb, multiSink)
	}
	prof := string(memoryProfile(etl.DocumentOf(multiSink), multiSink.ID(), tb.TempDir()))
	prof = strings.Replace(prof, "execution:\n", "execution:\n  multi_sink: "+mode+"\n", 1)
	return Start(tb, multiSink, ProfileYAML(prof))
}

func (rt *Runtime) arrive(arrivals ...[][]byte) {
	rt.tb.Helper()
	for _, a := range arrivals {
		rt.AddRawPayloads("order_events", a...)
		rt.ProcessAllAvailable()
	}
}

// TestMultiSinkRuntime: on the memory profile the loads of one stream run
// in one query (one checkpoint; Progress names the hosted load) and get
// the same rows; ReplayBatch of every committed batch passes (every sink
// skips, the replayed rows of each hosted load are those it holds) and
// changes no table. With multi_sink: separate, a query and a checkpoint
// per load, the same rows.
func TestMultiSinkRuntime(t *testing.T) {
	tests := []struct {
		mode    string
		queries int
		shared  bool
	}{
		{"", 3, true},
		{"shared", 3, true},
		{"separate", 5, false},
	}
	for _, tc := range tests {
		t.Run("multi_sink "+tc.mode, func(t *testing.T) {
			rt := startMultiSink(t, tc.mode)
			if got := len(rt.eng.Queries); got != tc.queries {
				t.Fatalf("%d engine queries, want %d", got, tc.queries)
			}
			rt.arrive(msArrivals...)
			for _, s := range multiSinkStreams {
				host, other := s[0], s[1]
				if shared := rt.Checkpoint(host) == rt.Checkpoint(other); shared != tc.shared {
					t.Errorf("%s and %s share a checkpoint: %v, want %v", host, other, shared, tc.shared)
				}
				hosted := false
				for _, p := range rt.Progress {
					if p.Query == other && tc.shared {
						t.Errorf("progress of hosted load %s: %+v", other, p)
					}
					hosted = hosted || (p.Query == host && slices.Contains(p.Hosted, other))
				}
				if hosted != tc.shared {
					t.Errorf("progress of %s names %s as hosted: %v, want %v", host, other, hosted, tc.shared)
				}
				if rows := rt.TableJSON(host); len(rows) == 0 {
					t.Errorf("%s holds no row", host)
				}
				RowsEqual(t, rt.TableJSON(other), rt.TableJSON(host))
			}
			before := map[string][]string{}
			for name := range rt.env.Tables {
				before[name] = rt.TableJSON(name)
			}
			last := int64(0)
			for _, q := range rt.eng.Queries {
				last = max(last, q.NextBatch()-1)
			}
			for n := int64(0); n <= last; n++ {
				rt.ReplayBatch(n)
			}
			for _, name := range slices.Sorted(maps.Keys(before)) {
				if got := rt.TableJSON(name); !slices.Equal(got, before[name]) {
					t.Errorf("the replays changed %s: %v, was %v", name, got, before[name])
				}
			}
		})
	}
}

// tamperSink writes a hosted load's batches to its memory table wrongly:
// dropping each batch's last row (drop), or claiming to write a batch the
// table skipped (rewrite: a sink that is not idempotent).
type tamperSink struct {
	t             *localengine.MemoryTable
	drop, rewrite bool
}

func (s *tamperSink) Write(cp string, id int64, sc *localengine.Schema, rows []localengine.Row) (bool, error) {
	if s.drop && len(rows) > 0 {
		rows = rows[:len(rows)-1]
	}
	skipped, err := s.t.Write(cp, id, sc, rows)
	return skipped && !s.rewrite, err
}

// recTB records the failures of a test instead of failing it.
type recTB struct {
	testing.TB
	failed bool
	msgs   []string
}

func (r *recTB) Helper() {}
func (r *recTB) Errorf(f string, a ...any) {
	r.failed = true
	r.msgs = append(r.msgs, fmt.Sprintf(f, a...))
}
func (r *recTB) Error(a ...any) { r.failed = true; r.msgs = append(r.msgs, fmt.Sprint(a...)) }

// TestReplayBatchChecksHostedLoads: ReplayBatch fails when a hosted load's
// sink writes a replayed batch again, or holds other rows than the replay
// produces for it: it checks the hosted loads, not only the host's sink.
func TestReplayBatchChecksHostedLoads(t *testing.T) {
	tests := []struct {
		name string
		sink tamperSink
		want string
	}{
		{"hosted sink not idempotent", tamperSink{rewrite: true}, "was written again: the sink is not idempotent"},
		{"hosted rows differ", tamperSink{drop: true}, "rows differ: got 2, want 1"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rec := &recTB{TB: t}
			rt := startMultiSink(rec, "")
			sink := tc.sink
			sink.t = rt.env.Tables["rejected_order_audit"]
			rt.env.Sinks = map[string]localengine.Sink{"rejected_order_audit": &sink}
			rt.Restart()
			rt.arrive(msArrivals[0])
			if q, _ := rt.eng.Query("rejected_order_audit"); q == nil || q.Name != "rejected_order_events" {
				t.Fatalf("rejected_order_audit is not hosted by rejected_order_events: %v", q)
			}
			if rec.failed {
				t.Fatalf("failed before the replay: %v", rec.msgs)
			}
			rt.ReplayBatch(0)
			if !rec.failed || !strings.Contains(strings.Join(rec.msgs, "\n"), tc.want) {
				t.Errorf("ReplayBatch(0) failures %q; want one with %q", rec.msgs, tc.want)
			}
		})
	}
}

// TestMultiSinkRuntimeCrashBeforeCommit: a crash after the batch's writes and
// before its commit re-runs the batch after the restart; the host's sink
// and the hosted one both skip it, and each holds every row once.
func TestMultiSinkRuntimeCrashBeforeCommit(t *testing.T) {
	rt := startMultiSink(t, "")
	rt.AddRawPayloads("order_events", msArrivals[0]...)
	rt.CrashBeforeCommit()
	rt.Restart()
	if !rt.Recovered() {
		t.Fatal("the restart did not recover the checkpoints")
	}
	rt.ProcessAllAvailable()
	rt.arrive(msArrivals[1:]...)
	for _, p := range rt.Progress {
		if p.BatchID == 0 && (!p.Replay || !p.Skipped) {
			t.Errorf("batch 0 of %s after the restart: replay %v, skipped %v; want a replay every sink skipped", p.Query, p.Replay, p.Skipped)
		}
	}
	for _, s := range multiSinkStreams {
		RowsEqual(t, rt.TableJSON(s[1]), rt.TableJSON(s[0]))
	}
	Count(t, Quarantine[orderstreaming.RejectedOrderEvent](rt, "rejected_order_audit"), 3)
	Count(t, Table[orderstreaming.CustomerOrderWindow](rt, "customer_order_window_feed").Rows(), 3)
	rt.ReplayBatch(0)
}
