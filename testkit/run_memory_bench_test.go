package testkit

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runBenchBin names an etlgen binary for BenchmarkLocalBatchMemory to
// measure instead of one it builds from this checkout (to measure another
// revision: build it, point this at it).
const runBenchBin = "ETLGEN_BENCH_BIN"

// runBenchBase names a second etlgen binary (another revision's) for
// BenchmarkLocalBatchMemory to measure interleaved with the first, run
// for run, alternating which goes first: its figures are reported as
// base-* metrics beside the measured binary's.
const runBenchBase = "ETLGEN_BENCH_BASE"

// memoryTarget is the peak RSS allowed per byte of a batch's input plus
// its state (issue 33).
const memoryTarget = 3.0

// memoryPipeline is a pipeline BenchmarkLocalBatchMemory runs: its package
// and its sinks (file-json, each in a directory of its own).
type memoryPipeline struct {
	name, pkg string
	sinks     []string
}

// BenchmarkLocalBatchMemory measures the peak RSS of `etlgen run` on the
// local engine (the child process's VmHWM, the IR built beforehand so that
// no compiler runs in it) on 1M generated order events,
// 20% of them invalid (half not JSON, half breaking the contract), 137 MB:
// the order-streaming example (windows, quarantine and late queries) and
// testdata/membench (stateless: valid events copied, the rest quarantined),
// the events in one file read in one micro-batch; and the example with the
// events in ten files read a tenth at a time through
// max_bytes_per_trigger. Each case runs 3 times from fresh checkpoints; it
// reports the median peak RSS and the range, the largest batch's input
// bytes, the state's bytes (the largest state file of each query, summed)
// and the median peak RSS relative to batch + state: at most memoryTarget
// for both pipelines in one batch (checked). With $ETLGEN_BENCH_BASE it
// measures that binary too, interleaved (base-* metrics).
func BenchmarkLocalBatchMemory(b *testing.B) {
	bin, base := benchBinary(b), os.Getenv(runBenchBase)
	const events = 1_000_000
	g := &genSource{total: events, invalidEvery: 5, malformed: true, step: 1e9}
	one, size := writeGenFiles(b, g, 1)
	ten, _ := writeGenFiles(b, g, 10)
	example := memoryPipeline{"order-streaming", "../examples/order-streaming",
		[]string{"customer_order_windows", "rejected_order_events", "late_order_events"}}
	copying := memoryPipeline{"membench-copy", "./testdata/membench", []string{"order_copy", "rejected_order_events"}}
	for _, c := range []struct {
		p        memoryPipeline
		files    int
		dir      string
		maxBytes int64
		checked  bool // the benchmark fails when the median is above memoryTarget
	}{
		{example, 1, one, 0, true},
		{copying, 1, one, 0, true},
		{example, 10, ten, size / 10, false}, // the process's own RSS weighs most
	} {
		b.Run(fmt.Sprintf("%s/files=%d", c.p.name, c.files), func(b *testing.B) {
			irFile := pipelineIR(b, bin, c.p.pkg)
			for range b.N {
				var rss, baseRSS []int64
				var state int64
				for i := range 3 {
					if base != "" && i%2 == 0 {
						r, _ := measureRun(b, base, irFile, c.p, c.dir, c.maxBytes)
						baseRSS = append(baseRSS, r)
					}
					r, s := measureRun(b, bin, irFile, c.p, c.dir, c.maxBytes)
					rss, state = append(rss, r), s
					if base != "" && i%2 == 1 {
						r, _ := measureRun(b, base, irFile, c.p, c.dir, c.maxBytes)
						baseRSS = append(baseRSS, r)
					}
				}
				batch := size
				if c.maxBytes > 0 {
					batch = largestFile(b, c.dir)
				}
				ratio := reportRSS(b, "", rss, batch+state)
				if base != "" {
					reportRSS(b, "base-", baseRSS, batch+state)
				}
				const mb = 1 << 20
				b.ReportMetric(float64(batch)/mb, "batchMB")
				b.ReportMetric(float64(state)/mb, "stateMB")
				if c.checked && ratio > memoryTarget {
					b.Errorf("median peak RSS %d MB (%d–%d) is %.2f× the batch's %d MB + the state's %d MB; want at most %.0f×",
						rss[1]/mb, rss[0]/mb, rss[2]/mb, ratio, batch/mb, state/mb, memoryTarget)
				}
			}
		})
	}
}

// reportRSS reports the median, least and most of three peak RSS figures
// (metrics named with prefix) and returns the median's ratio to bytes.
func reportRSS(b *testing.B, prefix string, rss []int64, bytes int64) float64 {
	slices.Sort(rss)
	const mb = 1 << 20
	ratio := float64(rss[1]) / float64(bytes)
	b.ReportMetric(float64(rss[1])/mb, prefix+"peakRSS-MB")
	b.ReportMetric(float64(rss[0])/mb, prefix+"minRSS-MB")
	b.ReportMetric(float64(rss[2])/mb, prefix+"maxRSS-MB")
	b.ReportMetric(ratio, prefix+"RSS/(batch+state)")
	return ratio
}

// benchBinary is the etlgen binary to measure: $ETLGEN_BENCH_BIN, or one
// built from this checkout.
func benchBinary(b *testing.B) string {
	b.Helper()
	if bin := os.Getenv(runBenchBin); bin != "" {
		return bin
	}
	bin := filepath.Join(b.TempDir(), "etlgen")
	if out, err := exec.Command("go", "build", "-o", bin, "../cmd/etlgen").CombinedOutput(); err != nil {
		b.Fatalf("build etlgen: %v\n%s", err, out)
	}
	return bin
}

// pipelineIR writes the IR of package pkg to a file and returns its path.
func pipelineIR(b *testing.B, bin, pkg string) string {
	b.Helper()
	out, err := exec.Command(bin, "ir", pkg).Output()
	if err != nil {
		b.Fatalf("etlgen ir %s: %v", pkg, err)
	}
	path := filepath.Join(b.TempDir(), "ir.json")
	if err := os.WriteFile(path, out, 0o644); err != nil {
		b.Fatal(err)
	}
	return path
}

// measureRun runs p on the files of dir from fresh checkpoints with
// `etlgen run` and returns its peak RSS and the state's bytes.
func measureRun(b *testing.B, bin, irFile string, p memoryPipeline, dir string, maxBytes int64) (rss, state int64) {
	b.Helper()
	work := b.TempDir()
	source := fmt.Sprintf("{plugin: file-json, path: %q}", dir)
	if maxBytes > 0 {
		source = fmt.Sprintf("{plugin: file-json, path: %q, max_bytes_per_trigger: %d}", dir, maxBytes)
	}
	var prof strings.Builder
	fmt.Fprintf(&prof, "name: membench\nengine: local\ntest: true\nexecution:\n  mode: structured-streaming\n"+
		"  trigger: {type: available-now}\n  checkpoint_root: %q\n  stop_policy: finish-batch\nassets:\n  order_events: %s\n",
		filepath.Join(work, "checkpoints"), source)
	for _, s := range p.sinks {
		fmt.Fprintf(&prof, "  %s: {plugin: file-json, path: %q}\n", s, filepath.Join(work, "out", s))
	}
	profPath := filepath.Join(work, "profile.yaml")
	if err := os.WriteFile(profPath, []byte(prof.String()), 0o644); err != nil {
		b.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "--ir", irFile, "--profile", profPath, "--progress", "plain")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	// getrusage's maxrss of a child counts this process's RSS when it
	// forked (Linux keeps the high-water mark across exec), so the peak is
	// the child's VmHWM (of its own memory since exec), sampled until it
	// exits: a high-water mark, so the last sample misses only the growth
	// of its last milliseconds.
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	pid := strconv.Itoa(cmd.Process.Pid)
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for {
		select {
		case err := <-done:
			if err != nil {
				b.Fatalf("etlgen run %s: %v\n%s", p.name, err, out.Bytes())
			}
			if rss == 0 {
				b.Skip("no /proc/PID/status (VmHWM) on this system")
			}
			state, err := stateBytes(filepath.Join(work, "checkpoints"))
			if err != nil {
				b.Fatal(err)
			}
			return rss, state
		case <-tick.C:
			rss = max(rss, int64(procStatusOf(pid, "VmHWM:")))
		}
	}
}

// largestFile is the size of the largest file of dir.
func largestFile(b *testing.B, dir string) int64 {
	b.Helper()
	sizes, err := fileSizes(dir)
	if err != nil {
		b.Fatal(err)
	}
	var n int64
	for _, s := range sizes {
		n = max(n, s)
	}
	return n
}
