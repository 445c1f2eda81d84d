package testkit

import (
	"fmt"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
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
	for i := start.N; i < end.N; i++ {
		ts := genBase.Add(time.Duration(i) * 100 * time.Millisecond).Format(time.RFC3339Nano)
		b := make([]byte, 0, 160)
		b = append(b, `{"event_id":"evt-`...)
		b = strconv.AppendInt(b, i, 10)
		b = append(b, `","order_id":`...)
		b = strconv.AppendInt(b, i+1, 10)
		b = append(b, `,"customer_id":`...)
		b = strconv.AppendInt(b, i%1000+1, 10)
		b = append(b, `,"order_total":12.34,"status":"paid","event_time":"`...)
		b = append(b, ts...)
		b = append(b, `"}`...)
		out = append(out, engine.Payload{Raw: b, Pos: i})
	}
	return out, nil
}

// BenchmarkEngine1M runs the order-streaming pipeline on 1M generated
// events (1000 customers, 100k per micro-batch, event time +100ms per
// event): events/s and heap in use, sampled during the run (max) and at the
// end; the heap is bounded by the open windows, not by the input.
func BenchmarkEngine1M(b *testing.B) {
	const total = 1_000_000
	for n := 0; n < b.N; n++ {
		eng := openBench(b, total)
		var maxHeap atomic.Uint64
		stop := make(chan struct{})
		done := make(chan struct{})
		go sampleHeap(&maxHeap, stop, done)
		start := time.Now()
		if err := eng.RunAvailable(nil); err != nil {
			b.Fatal(err)
		}
		el := time.Since(start)
		close(stop)
		<-done
		var ms runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&ms)
		b.ReportMetric(float64(total)/el.Seconds(), "events/s")
		b.ReportMetric(float64(maxHeap.Load())/(1<<20), "maxheapMB")
		b.ReportMetric(float64(ms.HeapInuse)/(1<<20), "endheapMB")
	}
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
func openBench(b *testing.B, total int64) *engine.Engine {
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
	env := &engine.Env{Sources: map[string]engine.Source{"order_events": &genSource{total: total, size: 100_000}}}
	eng, err := engine.Open(doc, orderstreaming.Pipeline.ID(), m, prof, env)
	if err != nil {
		b.Fatal(fmt.Errorf("open: %w", err))
	}
	return eng
}
