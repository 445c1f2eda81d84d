package testkit

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	orderstreaming "github.com/etlgen/etlgen/examples/order-streaming"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/testkit/engine"
)

// genSource generates order events lazily: payload i is a function of i,
// so nothing of the input is held; batches of size rows.
type genSource struct {
	total, size int64
}

func (g *genSource) Identity() string { return "generated" }

func (g *genSource) Next(start engine.Offset) (engine.Offset, bool, error) {
	end := min(start.N+g.size, g.total)
	return engine.Offset{N: end}, end > start.N, nil
}

var genBase = time.Date(2026, 7, 15, 0, 0, 0, 0, time.UTC)

func (g *genSource) Read(start, end engine.Offset) ([]engine.Payload, error) {
	out := make([]engine.Payload, 0, end.N-start.N)
	arena := make([]byte, 0, 160*(end.N-start.N)) // one allocation per batch
	for i := start.N; i < end.N; i++ {
		from := len(arena)
		arena = append(arena, `{"event_id":"evt-`...)
		arena = strconv.AppendInt(arena, i, 10)
		arena = append(arena, `","order_id":`...)
		arena = strconv.AppendInt(arena, i+1, 10)
		arena = append(arena, `,"customer_id":`...)
		arena = strconv.AppendInt(arena, i%1000+1, 10)
		arena = append(arena, `,"order_total":12.34,"status":"paid","event_time":"`...)
		arena = genBase.Add(time.Duration(i)*100*time.Millisecond).AppendFormat(arena, time.RFC3339Nano)
		arena = append(arena, `"}`...)
		out = append(out, engine.Payload{Raw: arena[from:len(arena):len(arena)], Pos: i})
	}
	return out, nil
}

// BenchmarkEngine1M runs the order-streaming pipeline on 1M generated
// events (1000 customers, 10k or 100k per micro-batch, event time +100ms
// per event): events/s and heap in use, sampled during the run (max) and at the
// end; the heap is bounded by the open windows, not by the input.
func BenchmarkEngine1M(b *testing.B) {
	for _, size := range []int64{10_000, 100_000} {
		b.Run(fmt.Sprintf("batch=%d", size), func(b *testing.B) { benchEngine(b, 1_000_000, size) })
	}
}

func benchEngine(b *testing.B, total, size int64) {
	for n := 0; n < b.N; n++ {
		eng := openBench(b, total, size)
		var maxHeap atomic.Uint64
		stop := make(chan struct{})
		done := make(chan struct{})
		go sampleHeap(&maxHeap, stop, done)
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
		b.ReportMetric(float64(total)/el.Seconds(), "events/s")
		// On a shared machine wall time includes waiting for a CPU; events
		// per CPU-second (user+system, all goroutines) does not.
		b.ReportMetric(float64(total)/cpu.Seconds(), "events/cpu-s")
		b.ReportMetric(float64(maxHeap.Load())/(1<<20), "maxheapMB")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "endheapMB")
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

func sampleHeap(max *atomic.Uint64, stop, done chan struct{}) {
	defer close(done)
	var ms runtime.MemStats
	for {
		runtime.ReadMemStats(&ms)
		if ms.HeapInuse > max.Load() {
			max.Store(ms.HeapInuse)
		}
		select {
		case <-stop:
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// openBench opens the example's windows query on a generated source (the
// quarantine and late queries read the same input; the benchmark measures
// the stateful one).
func openBench(b *testing.B, total, size int64) *engine.Engine {
	b.Helper()
	doc := etl.DocumentOf(orderstreaming.Pipeline)
	dir := b.TempDir()
	prof, l := profile.Parse(filepath.Join(dir, "bench.yaml"), memoryProfile(doc, orderstreaming.Pipeline.ID(), dir))
	if l.HasErrors() {
		b.Fatal(renderDiags(l))
	}
	m, l := planner.Plan(doc, prof, planner.Options{})
	if l.HasErrors() {
		b.Fatal(renderDiags(l))
	}
	pp, _ := m.Pipeline(orderstreaming.Pipeline.ID())
	pp.Queries = pp.Queries[:1]
	env := &engine.Env{Sources: map[string]engine.Source{"order_events": &genSource{total: total, size: size}}}
	eng, err := engine.Open(doc, orderstreaming.Pipeline.ID(), m, prof, env)
	if err != nil {
		b.Fatal(fmt.Errorf("open: %w", err))
	}
	return eng
}
