package pyspark_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/internal/cli"
	"github.com/etlgen/etlgen/planner"
)

// TestLiveLateFileSource routes late events of a file-json source on the
// stack: one file per micro-batch (max_files_per_trigger 1), two
// available-now runs on one checkpoint. The spark resource's conf sets
// the file source log's compact interval to 3 (Spark's default is 10:
// seven more micro-batches to reach it). Run 1 reads three files, so the
// file source log compacts its batch 2 into 2.compact, and the third file
// holds an event behind the watermark: its files are found in the compact
// file. Run 2 reads one more file (log file 3) with another late event.
// The late table holds exactly those two, as the Kafka path writes them.
func TestLiveLateFileSource(t *testing.T) {
	t.Parallel()              // its own topics, database and checkpoints
	const compactInterval = 3 // files in run 1: the first, the filler, the late one
	var events string
	s := startLiveWith(t, filepath.Join("testdata", "order-streaming.ir.json"), func(s *liveStack) string {
		dir, err := os.MkdirTemp("", "etlgen-live-files-")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = os.RemoveAll(dir) })
		events = dir
		s.sparkConf = fmt.Sprintf(`{spark.sql.streaming.fileSource.log.compactInterval: "%d"}`, compactInterval)
		return s.profile("{type: available-now}", `
  order_events: {plugin: file-json, path: `+dir+`, max_files_per_trigger: 1}
  customer_order_windows: {plugin: delta, table: `+s.db+`.windows, write_mode: foreach-batch-merge, merge_keys: [customer_id, window_start, window_end]}
  rejected_order_events: {plugin: delta, table: `+s.db+`.rejected, write_mode: append}
  late_order_events: {plugin: delta, table: `+s.db+`.late, write_mode: append}`)
	})
	// Files are read oldest first: each gets a modification time of its own.
	mtime := time.Now().Add(-time.Hour)
	write := func(name string, lines ...string) {
		t.Helper()
		p := filepath.Join(events, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		mtime = mtime.Add(time.Second)
		if err := os.Chtimes(p, mtime, mtime); err != nil {
			t.Fatal(err)
		}
	}

	// Run 1: the watermark is 11:35 after f00 (11:50 - 15m); the files up
	// to the last of the compact interval stay in the open 11:00 window;
	// the last file's b1 falls in the 09:00 window, which ended before
	// 11:35: Spark drops it.
	write("f00.json", order("a3", 1, "2026-07-15T11:50:00Z", "paid", "5.25"), "not json")
	for i := 1; i < compactInterval-1; i++ {
		write(fmt.Sprintf("f%02d.json", i), order(fmt.Sprintf("a%d", 10+i), 2, "2026-07-15T11:40:00Z", "paid", "1.00"))
	}
	write(fmt.Sprintf("f%02d.json", compactInterval-1), order("b1", 3, "2026-07-15T09:10:00Z", "paid", "3.00"))
	local := newLocalRun(t, events)
	local.run()
	start := time.Now()
	res, _ := s.run()
	t.Logf("run 1: %d batches in %s", len(res.Batches), time.Since(start).Round(time.Second))
	dropped, late, input, _ := sums(res, "customer_order_windows")
	if want := int64(compactInterval + 1); input != want || dropped != 1 || late != 1 {
		t.Errorf("run 1: read %d rows, Spark dropped %d, late output got %d; want %d, 1, 1", input, dropped, late, want)
	}
	log := filepath.Join(s.checkpointOf("customer_order_windows"), "sources", sourceDir(s.model, "order_events"))
	checkSourceLog(t, filepath.Join(log, fmt.Sprintf("%d.compact", compactInterval-1)), compactInterval)

	// Run 2: a new file behind the watermark of the restored state.
	write(fmt.Sprintf("f%02d.json", compactInterval), order("c1", 5, "2026-07-15T12:40:00Z", "paid", "7.00"),
		order("c2", 4, "2026-07-15T10:20:00Z", "paid", "4.00"))
	local.run()
	start = time.Now()
	res, _ = s.run()
	t.Logf("run 2: %d batches in %s", len(res.Batches), time.Since(start).Round(time.Second))
	dropped, late, input, _ = sums(res, "customer_order_windows")
	if input != 2 || dropped != 1 || late != 1 {
		t.Errorf("run 2: read %d rows, Spark dropped %d, late output got %d; want 2, 1, 1", input, dropped, late)
	}
	checkSourceLog(t, filepath.Join(log, strconv.Itoa(compactInterval)), 1)

	want := []string{"b1 2026-07-15 11:35:00 BEHIND_WATERMARK", "c2 2026-07-15 11:35:00 BEHIND_WATERMARK"}
	if diff := cmp.Diff(want, s.late()); diff != "" {
		t.Errorf("late table (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff(want, local.late()); diff != "" {
		t.Errorf("local engine's late rows for the same files (-want +got):\n%s", diff)
	}
	filler := compactInterval - 2 // customer 2's orders, 1.00 each
	if diff := cmp.Diff([]string{"1 2026-07-15 11:00:00 1 5.25", fmt.Sprintf("2 2026-07-15 11:00:00 %d %d.00", filler, filler),
		"5 2026-07-15 12:00:00 1 7.00"}, s.windows()); diff != "" {
		t.Errorf("windows (-want +got):\n%s", diff)
	}
}

// sourceDir is the directory of a streaming source's metadata in its
// query's checkpoint (sources/<dir>): its position, 0 for the first, on
// Spark 4.1; its name on a line that names sources (4.2.0 keeps a named
// source's log under sources/<name>, measured).
func sourceDir(m *planner.Model, asset string) string {
	if planner.NamesSources(m.SparkVersion) {
		return planner.SparkSourceName(asset)
	}
	return "0"
}

// checkSourceLog checks a FileStreamSourceLog file has the format the
// runtime reads (source_log_paths): v1, then entries JSON lines
// {"path","timestamp","batchId"}.
func checkSourceLog(t *testing.T, file string, entries int) {
	t.Helper()
	f, err := os.Open(file)
	if err != nil {
		t.Errorf("file source log: %v", err)
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	if !sc.Scan() || sc.Text() != "v1" {
		t.Errorf("%s: first line %q, want v1", file, sc.Text())
	}
	n := 0
	for sc.Scan() {
		var e struct {
			Path      string
			Timestamp *int64
			BatchID   *int64 `json:"batchId"`
		}
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Path == "" || e.Timestamp == nil || e.BatchID == nil {
			t.Errorf("%s: entry %q: %v", file, sc.Text(), err)
		}
		n++
	}
	if n != entries {
		t.Errorf("%s: %d entries, want %d", file, n, entries)
	}
}

// localRun runs the same pipeline on the local engine (localengine,
// through `etlgen run`) over the same event files, with a checkpoint and
// file outputs of its own.
type localRun struct {
	t        *testing.T
	dir      string
	profile  string
	irFile   string
	lateDirs string
}

func newLocalRun(t *testing.T, events string) *localRun {
	t.Helper()
	dir := t.TempDir()
	irFile, err := filepath.Abs(filepath.Join("testdata", "order-streaming.ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	l := &localRun{t: t, dir: dir, profile: filepath.Join(dir, "local.yaml"), irFile: irFile, lateDirs: filepath.Join(dir, "late")}
	yaml := fmt.Sprintf(`name: local
engine: local
test: true
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: %s
assets:
  order_events: {plugin: file-json, path: %s, max_files_per_trigger: 1}
  customer_order_windows: {plugin: file-json, path: %s}
  rejected_order_events: {plugin: file-json, path: %s}
  late_order_events: {plugin: file-json, path: %s}
`, filepath.Join(dir, "checkpoints"), events, filepath.Join(dir, "windows"), filepath.Join(dir, "rejected"), l.lateDirs)
	if err := os.WriteFile(l.profile, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	return l
}

func (l *localRun) run() {
	l.t.Helper()
	var stdout, stderr bytes.Buffer
	if code := cli.Run(context.Background(), []string{"run", "--ir", l.irFile, "--profile", l.profile}, nil, &stdout, &stderr); code != cli.ExitOK {
		l.t.Fatalf("local engine: exit %d\n%s%s", code, stdout.String(), stderr.String())
	}
}

// late returns the local late rows as s.late() renders the Delta table's.
func (l *localRun) late() []string {
	l.t.Helper()
	files, _ := filepath.Glob(filepath.Join(l.lateDirs, "*.jsonl"))
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			l.t.Fatal(err)
		}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			if line == "" {
				continue
			}
			var r struct {
				Event struct {
					EventID string `json:"event_id"`
				}
				WatermarkAtArrival time.Time `json:"watermark_at_arrival"`
				ReasonCode         string    `json:"reason_code"`
			}
			if err := json.Unmarshal([]byte(line), &r); err != nil {
				l.t.Fatalf("local late row %q: %v", line, err)
			}
			out = append(out, r.Event.EventID+" "+r.WatermarkAtArrival.UTC().Format("2006-01-02 15:04:05")+" "+r.ReasonCode)
		}
	}
	sort.Strings(out)
	return out
}
