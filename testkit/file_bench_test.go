package testkit

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"

	"github.com/etlgen/etlgen/testkit/engine"
)

// BenchmarkFileSource1M runs the whole order-streaming pipeline (windows,
// rejected and late queries) over 1M generated events (as
// BenchmarkEngine1M's) written as JSON-lines files: one file of 1M events
// read in one micro-batch, and ten files of 100k read one per batch
// through max_bytes_per_trigger. It reports the input's bytes, the peak
// heap in use and live, and the peak heap per event of a batch: a file
// source streams a batch's lines into validation, so the heap holds the
// batch's rows and the state, not its input.
func BenchmarkFileSource1M(b *testing.B) {
	for _, c := range []struct {
		name  string
		files int
	}{{"files=1", 1}, {"files=10", 10}} {
		b.Run(c.name, func(b *testing.B) {
			dir, size := writeEventFiles(b, 1_000_000, c.files)
			for n := 0; n < b.N; n++ {
				eng, sink := openExample(b, &engine.FileSource{Dir: dir, MaxBytes: size / int64(c.files)}, true)
				runtime.GC()
				var maxHeap, maxLive atomic.Uint64
				stop, done := make(chan struct{}), make(chan struct{})
				go sampleHeap(&maxHeap, &maxLive, stop, done)
				if err := eng.RunAvailable(nil); err != nil {
					b.Fatal(err)
				}
				close(stop)
				<-done
				if sink.rows == 0 {
					b.Fatal("the pipeline wrote no rows")
				}
				b.ReportMetric(float64(size)/(1<<20), "inputMB")
				b.ReportMetric(float64(maxHeap.Load())/(1<<20), "maxheapMB")
				b.ReportMetric(float64(maxLive.Load())/(1<<20), "maxliveMB")
				b.ReportMetric(float64(maxHeap.Load())/float64(1_000_000/c.files), "maxheap-B/batch-event")
			}
		})
	}
}

// writeEventFiles writes total generated events into files JSON-lines
// files of a new directory; it returns the directory and the bytes written.
func writeEventFiles(b *testing.B, total int64, files int) (string, int64) {
	b.Helper()
	dir := b.TempDir()
	per := total / int64(files)
	g := &genSource{total: total, size: per, invalidEvery: 100, lateEvery: 1000}
	var size int64
	for i := range files {
		ps, err := g.Read(engine.Offset{N: int64(i) * per}, engine.Offset{N: int64(i+1) * per})
		if err != nil {
			b.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("events-%02d.jsonl", i)))
		if err != nil {
			b.Fatal(err)
		}
		w := bufio.NewWriter(f)
		for _, p := range ps {
			w.Write(p.Raw)
			w.WriteByte('\n')
			size += int64(len(p.Raw)) + 1
		}
		if err := w.Flush(); err != nil {
			b.Fatal(err)
		}
		if err := f.Close(); err != nil {
			b.Fatal(err)
		}
	}
	return dir, size
}
