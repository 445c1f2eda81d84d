package testkit

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	"github.com/etlgen/etlgen/localengine"
)

// fileBenchEnv carries a fileRun to the process TestFileSourceBenchChild
// measures it in; fileBenchInProc=1 makes BenchmarkFileSource1M measure in
// its own process instead (for -cpuprofile and -memprofile).
const (
	fileBenchEnv    = "ETLGEN_FILEBENCH_RUN"
	fileBenchInProc = "ETLGEN_FILEBENCH_INPROC"
)

// BenchmarkFileSource1M runs the whole order-streaming pipeline (windows,
// rejected and late queries) over 1M generated events (as
// BenchmarkEngine1M's) written as JSON-lines files through the file-json
// source: one file of 1M events (132 MB) read in one micro-batch, and ten
// files of 100k read one per batch through max_bytes_per_trigger, events
// 100ms apart (28 hourly windows per customer); and one file of events 1s
// apart (278 windows per customer: a state of 245k windows). Each
// run is measured in a fresh process (TestFileSourceBenchChild), so that
// its peak RSS (VmHWM) is the engine's alone. It reports events/s (wall)
// and per CPU-second, bytes and allocations per event, the largest
// batch's input bytes, the state's bytes (the largest snapshot of each
// query, summed), and the peak RSS and heap, also relative to batch +
// state bytes (the target: peak RSS ≤ 2× batch + state), and the RSS
// before the run (the process with the engine open).
func BenchmarkFileSource1M(b *testing.B) {
	for _, c := range []struct {
		name  string
		files int
		step  time.Duration
	}{
		{"files=1", 1, 100 * time.Millisecond},
		{"files=10", 10, 100 * time.Millisecond},
		{"files=1/step=1s", 1, time.Second},
	} {
		b.Run(c.name, func(b *testing.B) {
			const events = 1_000_000
			dir, size := writeEventFiles(b, events, c.files, c.step)
			run := fileRun{Dir: dir, MaxBytes: size / int64(c.files), Events: events}
			b.ResetTimer()
			for range b.N {
				var r fileResult
				if os.Getenv(fileBenchInProc) == "1" {
					r = measureFileRun(b, run)
				} else {
					r = runFileChild(b, run)
				}
				r.report(b, size, events)
			}
		})
	}
}

// fileRun is one measured run of the example on a directory of files.
type fileRun struct {
	Dir      string
	MaxBytes int64
	Events   int64
	// Out is where the child process writes its fileResult.
	Out string
}

// fileResult is what a run measured.
type fileResult struct {
	Wall, CPU       time.Duration
	Alloc, Mallocs  uint64
	MaxHeap, MaxLiv uint64
	RSS             uint64 // VmHWM; 0 where /proc/self/status is not readable
	BaseRSS         uint64 // VmRSS before the run (the process, the engine opened)
	BatchBytes      int64  // the input bytes of the largest batch
	StateBytes      int64
	OutRows         int64
}

// report reports r's metrics.
func (r fileResult) report(b *testing.B, size, events int64) {
	b.Helper()
	if r.OutRows == 0 {
		b.Fatal("the pipeline wrote no rows")
	}
	const mb = 1 << 20
	bound := float64(r.BatchBytes + r.StateBytes)
	b.ReportMetric(float64(events)/r.Wall.Seconds(), "events/s")
	b.ReportMetric(float64(events)/r.CPU.Seconds(), "events/cpu-s")
	b.ReportMetric(float64(r.Alloc)/float64(events), "B/event")
	b.ReportMetric(float64(r.Mallocs)/float64(events), "allocs/event")
	b.ReportMetric(float64(size)/mb, "inputMB")
	b.ReportMetric(float64(r.BatchBytes)/mb, "batchMB")
	b.ReportMetric(float64(r.StateBytes)/mb, "stateMB")
	b.ReportMetric(float64(r.MaxHeap)/mb, "maxheapMB")
	b.ReportMetric(float64(r.MaxLiv)/mb, "maxliveMB")
	b.ReportMetric(float64(r.MaxHeap)/bound, "heap/(batch+state)")
	if r.RSS > 0 {
		b.ReportMetric(float64(r.RSS)/mb, "peakRSS-MB")
		b.ReportMetric(float64(r.RSS)/bound, "RSS/(batch+state)")
		b.ReportMetric(float64(r.BaseRSS)/mb, "baseRSS-MB")
	}
}

// runFileChild measures run in a new process running this test binary's
// TestFileSourceBenchChild.
func runFileChild(b *testing.B, run fileRun) fileResult {
	b.Helper()
	run.Out = filepath.Join(b.TempDir(), "result.json")
	spec, err := json.Marshal(run)
	if err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestFileSourceBenchChild$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), fileBenchEnv+"="+string(spec))
	if out, err := cmd.CombinedOutput(); err != nil {
		b.Fatalf("measure in a child process: %v\n%s", err, out)
	}
	data, err := os.ReadFile(run.Out)
	if err != nil {
		b.Fatalf("read the child's result: %v", err)
	}
	var r fileResult
	if err := json.Unmarshal(data, &r); err != nil {
		b.Fatal(err)
	}
	return r
}

// TestFileSourceBenchChild is BenchmarkFileSource1M's measuring process:
// it skips unless the benchmark started it.
func TestFileSourceBenchChild(t *testing.T) {
	spec := os.Getenv(fileBenchEnv)
	if spec == "" {
		t.Skip("run by BenchmarkFileSource1M in a process of its own")
	}
	var run fileRun
	if err := json.Unmarshal([]byte(spec), &run); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(measureFileRun(t, run))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(run.Out, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

// measureFileRun runs the example pipeline on run's directory in this
// process and measures it.
func measureFileRun(tb testing.TB, run fileRun) fileResult {
	tb.Helper()
	sizes, err := fileSizes(run.Dir)
	if err != nil {
		tb.Fatal(err)
	}
	cps := tb.TempDir()
	binding := fmt.Sprintf("{plugin: file-json, path: %q, max_bytes_per_trigger: %d}", run.Dir, run.MaxBytes)
	eng, sink := openExampleAt(tb, nil, binding, true, cps)
	var r fileResult
	onBatch := func(p *localengine.Progress) {
		var n int64
		for _, f := range p.EndOffsets["order_events"].Files {
			n += sizes[f]
		}
		r.BatchBytes = max(r.BatchBytes, n)
	}
	runtime.GC()
	r.BaseRSS = procStatus("VmRSS:")
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	var maxHeap, maxLive atomic.Uint64
	stop, done := make(chan struct{}), make(chan struct{})
	go sampleHeap(&maxHeap, &maxLive, stop, done)
	start, cpu0 := time.Now(), cpuTime()
	if err := eng.RunAvailable(onBatch); err != nil {
		tb.Fatal(err)
	}
	r.Wall, r.CPU = time.Since(start), cpuTime()-cpu0
	close(stop)
	<-done
	runtime.ReadMemStats(&m1)
	r.Alloc, r.Mallocs = m1.TotalAlloc-m0.TotalAlloc, m1.Mallocs-m0.Mallocs
	r.MaxHeap, r.MaxLiv, r.RSS, r.OutRows = maxHeap.Load(), maxLive.Load(), procStatus("VmHWM:"), sink.rows
	if r.StateBytes, err = stateBytes(cps); err != nil {
		tb.Fatal(err)
	}
	return r
}

// fileSizes maps the names of the files of dir to their sizes.
func fileSizes(dir string) (map[string]int64, error) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	out := map[string]int64{}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", dir, err)
		}
		out[e.Name()] = fi.Size()
	}
	return out, nil
}

// stateBytes is the size of the state: the largest state snapshot of each
// query's checkpoint under root (state/<batch>), summed over the queries.
func stateBytes(root string) (int64, error) {
	largest := map[string]int64{} // by state directory
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(filepath.Dir(path)) != "state" {
			return err
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		largest[filepath.Dir(path)] = max(largest[filepath.Dir(path)], fi.Size())
		return nil
	})
	var sum int64
	for _, n := range largest {
		sum += n
	}
	if err != nil {
		return 0, fmt.Errorf("measure state under %s: %w", root, err)
	}
	return sum, nil
}

// procStatus is a size of /proc/self/status in bytes (VmHWM: the peak
// resident set size, VmRSS: the current one), 0 when it cannot be read.
func procStatus(key string) uint64 { return procStatusOf("self", key) }

// procStatusOf is procStatus of process pid ("self": this one).
func procStatusOf(pid, key string) uint64 {
	data, err := os.ReadFile("/proc/" + pid + "/status")
	if err != nil {
		return 0
	}
	for line := range bytes.Lines(data) {
		if rest, ok := bytes.CutPrefix(line, []byte(key)); ok {
			kb, err := strconv.ParseUint(string(bytes.TrimSuffix(bytes.TrimSpace(rest), []byte(" kB"))), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}

// writeEventFiles writes total generated events, step apart in event time,
// into files JSON-lines files of a new directory; it returns the directory
// and the bytes written.
func writeEventFiles(b *testing.B, total int64, files int, step time.Duration) (string, int64) {
	b.Helper()
	return writeGenFiles(b, &genSource{total: total, invalidEvery: 100, lateEvery: 1000, step: step}, files)
}

// writeGenFiles writes the events of g into files JSON-lines files of a
// new directory, as many events in each; it returns the directory and the
// bytes written.
func writeGenFiles(b *testing.B, g *genSource, files int) (string, int64) {
	b.Helper()
	dir := b.TempDir()
	total := g.total
	per := total / int64(files)
	var size int64
	for i := range files {
		ps, err := g.Read(localengine.Offset{N: int64(i) * per}, localengine.Offset{N: int64(i+1) * per})
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
