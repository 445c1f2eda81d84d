package testkit

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/localengine"
)

// keyedSource generates paid order events lazily for the state benchmark:
// event i is customer i%keys+1 at genBase + i ms, so a million events fall
// into one hour window and the aggregation's state grows to keys groups;
// batches of size events.
type keyedSource struct{ total, size, keys int64 }

func (g *keyedSource) Identity() string { return "keyed" }

func (g *keyedSource) Next(start localengine.Offset) (localengine.Offset, bool, error) {
	end := min(start.N+g.size, g.total)
	return localengine.Offset{N: end}, end > start.N, nil
}

func (g *keyedSource) Read(start, end localengine.Offset) ([]localengine.Payload, error) {
	out := make([]localengine.Payload, 0, end.N-start.N)
	arena := make([]byte, 0, 160*(end.N-start.N))
	for i := start.N; i < end.N; i++ {
		from := len(arena)
		arena = append(arena, `{"event_id":"evt-`...)
		arena = strconv.AppendInt(arena, i, 10)
		arena = append(arena, `","order_id":`...)
		arena = strconv.AppendInt(arena, i+1, 10)
		arena = append(arena, `,"customer_id":`...)
		arena = strconv.AppendInt(arena, i%g.keys+1, 10)
		arena = append(arena, `,"order_total":12.50,"status":"paid","event_time":"`...)
		arena = genBase.Add(time.Duration(i)*time.Millisecond).AppendFormat(arena, time.RFC3339Nano)
		arena = append(arena, `"}`...)
		out = append(out, localengine.Payload{Raw: arena[from:len(arena):len(arena)], Pos: i})
	}
	return out, nil
}

// BenchmarkEngineState runs the example's windows query (paid orders per
// customer and hour window) on 1M events in 50 micro-batches of 20k, with
// 1k, 100k and 1M distinct customers: the state grows to that many groups,
// all in one open window. Per case it reports, at batches 1, 25 and 50
// (each the median of the batch and its two neighbours in the run), the
// batch's events per second of wall time and per CPU-second of the
// process (all goroutines: the state snapshot written in the background
// counts where it runs; on a shared machine wall time includes waiting for
// a CPU), and their ratios at batch 50 to batch 1; the state checkpoint
// bytes: the file each batch writes (its delta) on average and per key a
// batch changes, and all state files written (snapshots included) per
// batch; the state directory's size at the end and the process's peak RSS
// during the run. Per-batch cost must not grow with the state held, and a
// batch's bytes must follow the keys it changes.
func BenchmarkEngineState(b *testing.B) {
	const total, batches = 1_000_000, 50
	for _, keys := range []int64{1_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("keys=%d", keys), func(b *testing.B) {
			for n := 0; n < b.N; n++ {
				benchState(b, &keyedSource{total: total, size: total / batches, keys: keys})
			}
		})
	}
}

func benchState(b *testing.B, src *keyedSource) {
	eng, _ := openExample(b, src, false)
	q := eng.Queries[0]
	resetPeakRSS()
	var wall, cpu []time.Duration
	for {
		start, cpu0 := time.Now(), cpuTime()
		p, ok, err := q.RunBatch()
		if err != nil {
			b.Fatal(err)
		}
		if !ok {
			break
		}
		if p.InputRows > 0 {
			wall, cpu = append(wall, time.Since(start)), append(cpu, cpuTime()-cpu0)
		}
	}
	if err := eng.Close(); err != nil { // waits for a state snapshot in flight
		b.Fatal(err)
	}
	rss := peakRSS()
	if testing.Verbose() {
		for i := range wall {
			b.Logf("batch %d: %v wall, %v cpu", i+1, wall[i].Round(time.Millisecond), cpu[i].Round(time.Millisecond))
		}
	}
	if len(wall) < 50 {
		b.Fatalf("%d batches with data, want 50", len(wall))
	}
	disk, own := stateDirBytes(b, filepath.Join(q.Checkpoint, "state"))
	batches := float64(len(wall))
	changed := float64(min(src.keys, src.size)) // distinct keys of a batch's consecutive events
	rate := func(d []time.Duration, i int) float64 { return float64(src.size) / median3(d, i).Seconds() }
	for _, at := range []int{1, 25, 50} {
		b.ReportMetric(rate(wall, at-1), fmt.Sprintf("b%d-events/s", at))
		b.ReportMetric(rate(cpu, at-1), fmt.Sprintf("b%d-events/cpu-s", at))
	}
	b.ReportMetric(rate(wall, 0)/rate(wall, 49), "b50/b1-time")
	b.ReportMetric(rate(cpu, 0)/rate(cpu, 49), "b50/b1-cpu")
	b.ReportMetric(float64(own)/batches, "delta-B/batch")
	b.ReportMetric(float64(own)/batches/changed, "delta-B/changed-key")
	b.ReportMetric(float64(disk)/batches, "ckpt-B/batch")
	b.ReportMetric(float64(disk)/(1<<20), "stateMB")
	b.ReportMetric(float64(rss)/(1<<20), "peakRSS-MB")
	b.ReportMetric(float64(q.StateRows()), "staterows")
}

// median3 is the median time of batch i and its neighbours within d.
func median3(d []time.Duration, i int) time.Duration {
	lo := max(0, min(i-1, len(d)-3))
	w := slices.Clone(d[lo : lo+3])
	slices.Sort(w)
	return w[1]
}

// stateDirBytes returns the size of the state directory, every state file
// written (nothing is pruned within 100 batches), and of the files the
// batches wrote themselves: state/N.delta (state/N before deltas), not the
// snapshots.
func stateDirBytes(b *testing.B, dir string) (disk, own int64) {
	b.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		b.Fatal(err)
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			b.Fatal(err)
		}
		disk += info.Size()
		if !strings.HasSuffix(e.Name(), ".snapshot") {
			own += info.Size()
		}
	}
	return disk, own
}

// resetPeakRSS resets the process's peak resident set size (Linux: "5" to
// /proc/self/clear_refs), so that peakRSS measures one case.
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0o644) }

// peakRSS is the process's peak resident set size since resetPeakRSS
// (VmHWM of /proc/self/status), 0 where unknown.
func peakRSS() int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := bytes.CutPrefix(sc.Bytes(), []byte("VmHWM:")); ok {
			kb, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(string(v)), " kB"), 10, 64)
			return kb << 10
		}
	}
	return 0
}
