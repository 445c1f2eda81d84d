package testkit

import (
	"bytes"
	"cmp"
	"fmt"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

// genSource generates order events lazily: payload i is a function of i,
// so nothing of the input is held; batches of size rows; 1000 customers,
// statuses and totals varying (3 in 5 paid). Every
// invalidEvery-th payload breaks the contract (status "shipped") and every
// lateEvery-th valid one is two hours behind the stream (a late event once
// the watermark passed its window); 0 disables either. With malformed,
// every other invalid payload is cut in half instead (not JSON). Event
// time advances by step per event (100ms when 0).
type genSource struct {
	total, size             int64
	invalidEvery, lateEvery int64
	malformed               bool
	step                    time.Duration
}

func (g *genSource) Identity() string { return "generated" }

func (g *genSource) Next(start localengine.Offset) (localengine.Offset, bool, error) {
	end := min(start.N+g.size, g.total)
	return localengine.Offset{N: end}, end > start.N, nil
}

var (
	genBase     = time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC)
	genStatuses = []string{"paid", "paid", "paid", "cancelled", "refunded"}
)

func (g *genSource) Read(start, end localengine.Offset) ([]localengine.Payload, error) {
	out := make([]localengine.Payload, 0, end.N-start.N)
	arena := make([]byte, 0, 160*(end.N-start.N)) // one allocation per batch
	step := cmp.Or(g.step, 100*time.Millisecond)
	for i := start.N; i < end.N; i++ {
		from := len(arena)
		status, at := genStatuses[i%int64(len(genStatuses))], genBase.Add(time.Duration(i)*step)
		invalid := g.invalidEvery > 0 && i%g.invalidEvery == g.invalidEvery-1
		switch {
		case invalid:
			status = "shipped"
		case g.lateEvery > 0 && i%g.lateEvery == g.lateEvery-1:
			at = at.Add(-2 * time.Hour)
		}
		arena = append(arena, `{"event_id":"evt-`...)
		arena = strconv.AppendInt(arena, i, 10)
		arena = append(arena, `","order_id":`...)
		arena = strconv.AppendInt(arena, i+1, 10)
		arena = append(arena, `,"customer_id":`...)
		arena = strconv.AppendInt(arena, i%1000+1, 10)
		cents := i * 7919 % 100_000 // 0.00 to 999.99
		arena = append(arena, `,"order_total":`...)
		arena = strconv.AppendInt(arena, cents/100, 10)
		arena = append(arena, '.', byte('0'+cents/10%10), byte('0'+cents%10))
		arena = append(arena, `,"status":"`...)
		arena = append(arena, status...)
		arena = append(arena, `","event_time":"`...)
		arena = at.AppendFormat(arena, time.RFC3339Nano)
		arena = append(arena, `"}`...)
		if invalid && g.malformed && i/g.invalidEvery%2 == 0 {
			arena = arena[:from+(len(arena)-from)/2]
		}
		out = append(out, localengine.Payload{Raw: arena[from:len(arena):len(arena)], Pos: i})
	}
	return out, nil
}

// countSink counts the rows written and keeps nothing, so that the heap
// measured is the engine's (state, batch in flight), not an output table's.
type countSink struct {
	mu   sync.Mutex
	rows int64
	last map[string]int64
}

func (s *countSink) Write(cp string, id int64, _ *localengine.Schema, rows []localengine.Row) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.last == nil {
		s.last = map[string]int64{}
	}
	if last, ok := s.last[cp]; ok && id <= last {
		return true, nil
	}
	s.last[cp] = id
	s.rows += int64(len(rows))
	return false, nil
}

// benchCase is one engine benchmark: which queries of the example run, on
// how many generated events, in batches of what size.
type benchCase struct {
	name        string
	all         bool // the three queries (windows, quarantine, late); else the windows query only
	total, size int64
}

// BenchmarkEngine1M runs the order-streaming pipeline on 1M generated
// events (1000 customers, 60% paid, event time +100ms per event, 1%
// invalid, 0.1% two hours late) in 10k or 100k-event micro-batches: the windows query
// alone and the whole pipeline (windows, rejected and late queries, each
// reading the input, as Spark runs them). It reports events/s (wall),
// events per CPU-second (user+system of the process: the measure that
// holds on a shared machine), heap in use (max sampled during the run,
// and at the end), the max live heap (found by a GC during the run), the
// rows in state at the end and the rows written.
func BenchmarkEngine1M(b *testing.B) {
	for _, c := range []benchCase{
		{"windows/batch=10000", false, 1_000_000, 10_000},
		{"windows/batch=100000", false, 1_000_000, 100_000},
		{"pipeline/batch=10000", true, 1_000_000, 10_000},
		{"pipeline/batch=100000", true, 1_000_000, 100_000},
	} {
		b.Run(c.name, func(b *testing.B) { benchEngine(b, c) })
	}
}

// BenchmarkEngineMemory runs the whole pipeline on 1M and 4M events in
// 10k and 100k-event batches: the peak heap must not grow with the input,
// since the state is bounded by the open windows × customers (the
// watermark evicts closed windows) and nothing else of the input is kept;
// it grows with the batch size (the batch in flight).
func BenchmarkEngineMemory(b *testing.B) {
	for _, size := range []int64{10_000, 100_000} {
		for _, total := range []int64{1_000_000, 4_000_000} {
			b.Run(fmt.Sprintf("batch=%d/events=%d", size, total), func(b *testing.B) {
				benchEngine(b, benchCase{all: true, total: total, size: size})
			})
		}
	}
}

func benchEngine(b *testing.B, c benchCase) {
	for n := 0; n < b.N; n++ {
		eng, sink := openBench(b, c)
		runtime.GC()
		var maxHeap, maxLive atomic.Uint64
		stop := make(chan struct{})
		done := make(chan struct{})
		go sampleHeap(&maxHeap, &maxLive, stop, done)
		start, cpu0 := time.Now(), cpuTime()
		if err := eng.RunAvailable(nil); err != nil {
			b.Fatal(err)
		}
		el, cpu := time.Since(start), cpuTime()-cpu0
		close(stop)
		<-done
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		state := 0
		for _, q := range eng.Queries {
			state += q.StateRows()
		}
		if sink.rows == 0 {
			b.Fatal("the pipeline wrote no rows")
		}
		b.ReportMetric(float64(c.total)/el.Seconds(), "events/s")
		// On a shared machine wall time includes waiting for a CPU; events
		// per CPU-second (user+system, all goroutines) does not.
		b.ReportMetric(float64(c.total)/cpu.Seconds(), "events/cpu-s")
		b.ReportMetric(float64(maxHeap.Load())/(1<<20), "maxheapMB")
		b.ReportMetric(float64(maxLive.Load())/(1<<20), "maxliveMB")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "endheapMB")
		b.ReportMetric(float64(state), "staterows")
		b.ReportMetric(float64(sink.rows), "outrows")
	}
}

// cpuTime is the process's user+system CPU time.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// heapMetrics are the runtime/metrics sampled: the first two sum to
// MemStats.HeapInuse (live and not yet collected objects); the last is the
// heap the last GC found live. Reading them does not stop the world
// (runtime.ReadMemStats does, and every 10ms that slows what it measures).
var heapMetrics = []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes", "/gc/heap/live:bytes"}

// sampleHeap records, every 10ms until stop, the max heap in use and the max
// live heap.
func sampleHeap(maxInuse, maxLive *atomic.Uint64, stop, done chan struct{}) {
	defer close(done)
	samples := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		samples[i].Name = name
	}
	val := func(i int) uint64 {
		if samples[i].Value.Kind() == metrics.KindUint64 {
			return samples[i].Value.Uint64()
		}
		return 0
	}
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		metrics.Read(samples)
		if inuse := val(0) + val(1); inuse > maxInuse.Load() {
			maxInuse.Store(inuse)
		}
		if live := val(2); live > maxLive.Load() {
			maxLive.Store(live)
		}
		select {
		case <-stop:
			return
		case <-tick.C:
		}
	}
}

// openBench opens the example pipeline (or its windows query alone) on a
// generated source, every query writing to one counting sink.
func openBench(b *testing.B, c benchCase) (*localengine.Engine, *countSink) {
	b.Helper()
	eng, sink := openExample(b, &genSource{total: c.total, size: c.size, invalidEvery: 100, lateEvery: 1000}, c.all)
	if names := len(eng.Queries); c.all && names != 3 {
		b.Fatalf("the pipeline has %d queries, want 3", names)
	}
	return eng, sink
}

// openExample opens the example pipeline (all its queries, or the windows
// query alone) reading src as order_events, every query writing to one
// counting sink.
func openExample(b testing.TB, src localengine.Source, all bool) (*localengine.Engine, *countSink) {
	b.Helper()
	return openExampleAt(b, src, "", all, b.TempDir())
}

// openExampleAt is openExample with the checkpoints under dir; with a
// binding (profile YAML: `{plugin: file-json, ...}`), order_events is
// bound to it instead of src, each query opening its own source as
// `etlgen run` does.
func openExampleAt(b testing.TB, src localengine.Source, binding string, all bool, dir string) (*localengine.Engine, *countSink) {
	b.Helper()
	doc := etl.DocumentOf(orderstreaming.Pipeline)
	yaml := memoryProfile(doc, orderstreaming.Pipeline.ID(), dir)
	if binding != "" {
		yaml = bytes.Replace(yaml, []byte("\n  order_events: {plugin: memory}"), []byte("\n  order_events: "+binding), 1)
	}
	prof, l := profile.Parse(filepath.Join(dir, "bench.yaml"), yaml)
	if l.HasErrors() {
		b.Fatal(renderDiags(l))
	}
	m, l := planner.Plan(doc, prof, planner.Options{})
	if l.HasErrors() {
		b.Fatal(renderDiags(l))
	}
	pp, _ := m.Pipeline(orderstreaming.Pipeline.ID())
	if !all {
		pp.Queries = pp.Queries[:1]
	}
	sink := &countSink{}
	env := &localengine.Env{Sources: map[string]localengine.Source{}, Sinks: map[string]localengine.Sink{}}
	if src != nil {
		env.Sources["order_events"] = src
	}
	for _, q := range pp.Queries {
		env.Sinks[q.Name] = sink
	}
	eng, err := localengine.Open(m, orderstreaming.Pipeline.ID(), env)
	if err != nil {
		b.Fatal(fmt.Errorf("open: %w", err))
	}
	b.Cleanup(func() { eng.Close() })
	return eng, sink
}
