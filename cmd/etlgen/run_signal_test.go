//go:build unix

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/etlgen/etlgen/localengine"
)

// The example's queries, in plan order, and its sample event files.
var (
	queries = []string{"customer_order_windows", "rejected_order_events", "late_order_events"}
	samples = []string{"001-morning.jsonl", "002-midday.jsonl", "003-afternoon.jsonl"}
)

// buildEtlgen builds this command into a temporary directory.
func buildEtlgen(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "etlgen")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// workspace is a local profile over a copy of the example's events, one
// file per batch, with outputs and checkpoints under dir/out. With a
// FIFO, the second file is a named pipe: a run reading it blocks until the
// test writes it, so the test knows which batch is in flight.
type workspace struct {
	t        *testing.T
	dir, bin string
}

func newWorkspace(t *testing.T, bin string, fifo bool) *workspace {
	t.Helper()
	w := &workspace{t: t, dir: t.TempDir(), bin: bin}
	ev := filepath.Join(w.dir, "ev")
	if err := os.MkdirAll(ev, 0o755); err != nil {
		t.Fatal(err)
	}
	for i, name := range samples {
		if fifo && i == 1 {
			if err := syscall.Mkfifo(filepath.Join(ev, name), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		w.copySample(name)
	}
	profile := "name: local\nengine: local\nexecution:\n  trigger: {type: available-now}\n  checkpoint_root: out/checkpoints\n  stop_policy: finish-batch\nassets:\n" +
		"  order_events: {plugin: file-json, path: ev, max_files_per_trigger: 1}\n"
	for _, q := range queries {
		profile += fmt.Sprintf("  %s: {plugin: file-json, path: out/%s}\n", q, q)
	}
	if err := os.WriteFile(filepath.Join(w.dir, "local.yaml"), []byte(profile), 0o644); err != nil {
		t.Fatal(err)
	}
	return w
}

// sample returns the bytes of one of the example's event files.
func sample(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("../../examples/order-streaming/testdata/events", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// copySample replaces ev/name (a FIFO too) by the sample's regular file.
func (w *workspace) copySample(name string) {
	w.t.Helper()
	path := filepath.Join(w.dir, "ev", name)
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		w.t.Fatal(err)
	}
	if err := os.WriteFile(path, sample(w.t, name), 0o644); err != nil {
		w.t.Fatal(err)
	}
}

// syncBuffer is a buffer the test reads while the command writes it.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// command is `etlgen run` of the example with the workspace's profile.
func (w *workspace) command() (*exec.Cmd, *syncBuffer, *syncBuffer) {
	cmd := exec.Command(w.bin, "run", "./examples/order-streaming", "--profile", filepath.Join(w.dir, "local.yaml"), "-C", "../..")
	var stdout, stderr syncBuffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	return cmd, &stdout, &stderr
}

// run runs etlgen to its end and returns its exit code and output.
func (w *workspace) run() (int, string, string) {
	w.t.Helper()
	cmd, stdout, stderr := w.command()
	err := cmd.Run()
	var ee *exec.ExitError
	if err != nil && !errors.As(err, &ee) {
		w.t.Fatal(err)
	}
	return cmd.ProcessState.ExitCode(), stdout.String(), stderr.String()
}

// openFIFO opens the FIFO for writing, which returns once a run started
// reading it: the batch reading the second file is then in flight.
func (w *workspace) openFIFO(stderr *syncBuffer) *os.File {
	w.t.Helper()
	opened := make(chan *os.File)
	go func() {
		f, err := os.OpenFile(filepath.Join(w.dir, "ev", samples[1]), os.O_WRONLY, 0)
		if err != nil {
			f = nil
		}
		opened <- f
	}()
	select {
	case f := <-opened:
		if f == nil {
			w.t.Fatal("open the FIFO failed")
		}
		return f
	case <-time.After(2 * time.Minute):
		w.t.Fatalf("no run read the FIFO; stderr:\n%s", stderr)
		return nil
	}
}

// rows returns the rows every sink committed, as canonical JSON without
// observed_at (the processing time, which differs between runs), sorted.
func (w *workspace) rows() []string {
	w.t.Helper()
	var out []string
	for _, q := range queries {
		files, err := localengine.CommittedFiles(filepath.Join(w.dir, "out", q))
		if err != nil {
			w.t.Fatal(err)
		}
		for _, f := range files {
			data, err := os.ReadFile(f)
			if err != nil {
				w.t.Fatal(err)
			}
			for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
				var row map[string]any
				if err := json.Unmarshal([]byte(line), &row); err != nil {
					w.t.Fatalf("%s: %v", f, err)
				}
				delete(row, "observed_at")
				canon, _ := json.Marshal(row)
				out = append(out, q+" "+string(canon))
			}
		}
	}
	slices.Sort(out)
	return out
}

func (w *workspace) exists(query, kind string, n int) bool {
	_, err := os.Stat(filepath.Join(w.dir, "out/checkpoints/customer-order-streaming/v1/local", query, kind, strconv.Itoa(n)))
	return err == nil
}

// TestRunSignalFinishesBatchInFlight: SIGTERM to `etlgen run` while batch
// 1 of the first query reads its file (a FIFO) with a backlog waiting: that
// batch commits (finish-batch), no other batch starts, exit 0; a rerun
// continues, and the outputs equal those of an uninterrupted run, with no
// row lost or doubled.
func TestRunSignalFinishesBatchInFlight(t *testing.T) {
	bin := buildEtlgen(t)
	ref := newWorkspace(t, bin, false)
	if code, _, stderr := ref.run(); code != 0 {
		t.Fatalf("reference run: exit %d\n%s", code, stderr)
	}
	w := newWorkspace(t, bin, true)
	cmd, stdout, stderr := w.command()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	fifo := w.openFIFO(stderr)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(time.Minute); !strings.Contains(stderr.String(), "stopping"); time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no stop notice; stderr:\n%s", stderr)
		}
	}
	if _, err := fifo.Write(sample(t, samples[1])); err != nil {
		t.Fatal(err)
	}
	fifo.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("exit: %v\nstdout:\n%s\nstderr:\n%s", err, stdout, stderr)
	}
	var ran []string
	for _, line := range strings.Split(stdout.String(), "\n") {
		if f := strings.Fields(line); len(f) > 2 && f[0] == "batch" {
			ran = append(ran, f[1]+" "+f[2])
		}
	}
	want := []string{"0 " + queries[0], "0 " + queries[1], "0 " + queries[2], "1 " + queries[0]}
	if !slices.Equal(ran, want) || !strings.Contains(stdout.String(), "stopped (fresh), 4 batches") {
		t.Fatalf("batches %v, want %v (the one in flight finished, no other started)\n%s", ran, want, stdout)
	}
	if !w.exists(queries[0], "commits", 1) || w.exists(queries[0], "offsets", 2) || w.exists(queries[1], "offsets", 1) {
		t.Fatal("checkpoints: want commits/1 of the first query and nothing after")
	}
	w.copySample(samples[1])
	if code, out, errOut := w.run(); code != 0 || !strings.Contains(out, "checkpoint-recovery") {
		t.Fatalf("rerun: exit %d\n%s\n%s", code, out, errOut)
	}
	if got, want := w.rows(), ref.rows(); !slices.Equal(got, want) {
		t.Errorf("rows after stop + rerun differ from an uninterrupted run:\ngot  %d %v\nwant %d %v", len(got), got, len(want), want)
	}
}

// TestRunLockedCheckpoint: a second `etlgen run` on the checkpoints of a
// running one fails fast, exit 16, with ETL-K520 naming the holder's pid;
// once the holder is killed (SIGKILL: no cleanup) the next run starts,
// recovers and finishes.
func TestRunLockedCheckpoint(t *testing.T) {
	w := newWorkspace(t, buildEtlgen(t), true)
	cmd, _, stderr := w.command()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	fifo := w.openFIFO(stderr) // the holder is now inside batch 1
	defer fifo.Close()
	code, _, errOut := w.run()
	if code != 16 || !strings.Contains(errOut, localengine.CodeCheckpointLocked) || !strings.Contains(errOut, "pid "+strconv.Itoa(cmd.Process.Pid)) {
		t.Errorf("second run: exit %d, stderr %q; want 16 and %s naming pid %d", code, errOut, localengine.CodeCheckpointLocked, cmd.Process.Pid)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = cmd.Wait()
	w.copySample(samples[1])
	if code, out, errOut := w.run(); code != 0 || !strings.Contains(out, "checkpoint-recovery") {
		t.Errorf("run after the kill: exit %d\n%s\n%s", code, out, errOut)
	}
}
