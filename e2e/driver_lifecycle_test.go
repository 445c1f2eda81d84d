//go:build unix

package e2e_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/localengine"
	etlrun "github.com/etlgen/etlgen/run"
)

// The example's queries that commit batches to a checkpoint (the late
// output is written by the windows query's batches).
var committingQueries = []string{"customer_order_windows", "rejected_order_events"}

// cliRun is one `etlgen run` process of the test pipeline, in a process
// group of its own (a terminal's Ctrl-C is SIGINT to the group).
type cliRun struct {
	t      *testing.T
	cmd    *exec.Cmd
	mu     sync.Mutex
	lines  []string // stdout
	stderr bytes.Buffer
	done   chan struct{}
}

// etlgenRun starts `etlgen run` on the example with the profile, keeping
// its driver leases under stateDir.
func (e *pipelineEnv) etlgenRun(prof, stateDir string) *cliRun {
	e.t.Helper()
	r := &cliRun{t: e.t, done: make(chan struct{})}
	r.cmd = exec.Command(etlgen(e.t), "run", "./examples/order-streaming", "--profile", prof)
	r.cmd.Dir = repoRoot
	r.cmd.Env = append(os.Environ(), etlrun.StateDirEnv+"="+stateDir, "ETLGEN_PYTHON="+python(e.t))
	r.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	r.cmd.Stderr = &lockedWriter{w: &r.stderr}
	out, err := r.cmd.StdoutPipe()
	if err != nil {
		e.t.Fatal(err)
	}
	if err := r.cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			r.mu.Lock()
			r.lines = append(r.lines, sc.Text())
			r.mu.Unlock()
		}
		_ = r.cmd.Wait()
		close(r.done)
	}()
	e.t.Cleanup(func() {
		select {
		case <-r.done:
		default:
			_ = syscall.Kill(-r.cmd.Process.Pid, syscall.SIGKILL)
			<-r.done
		}
	})
	return r
}

// batches counts the batch lines with input so far.
func (r *cliRun) batches() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, l := range r.lines {
		if strings.HasPrefix(l, "batch ") && !strings.Contains(l, " input=0 ") {
			n++
		}
	}
	return n
}

// waitBatch waits up to 5 min for a first batch line with input.
func (r *cliRun) waitBatch() {
	r.t.Helper()
	if !waitFor(5*time.Minute, func() bool { return r.batches() >= 1 }) {
		r.t.Fatalf("no batch within 5 min:\n%s\n%s", r.stdout(), tail(r.stderr.String(), 40))
	}
}

// ranFresh reports whether query printed a batch line with input that is
// not a replay.
func (r *cliRun) ranFresh(query string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, l := range r.lines {
		if m := printedBatch.FindStringSubmatch(l); m != nil && m[2] == query && !strings.Contains(l, " input=0 ") &&
			!strings.HasSuffix(l, " replay") {
			return true
		}
	}
	return false
}

// wait waits for the process to exit and returns its exit code.
func (r *cliRun) wait(ctx context.Context) int {
	r.t.Helper()
	select {
	case <-r.done:
	case <-ctx.Done():
		r.t.Fatalf("etlgen run did not exit: %v\nstdout:\n%s\nstderr:\n%s", ctx.Err(), r.stdout(), tail(r.stderr.String(), 40))
	}
	return r.cmd.ProcessState.ExitCode()
}

func (r *cliRun) stdout() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return strings.Join(r.lines, "\n")
}

// report reads the run report the last line names.
func (r *cliRun) report() *etlrun.Report {
	r.t.Helper()
	out := r.stdout()
	i := strings.LastIndex(out, "; report ")
	if i < 0 {
		r.t.Fatalf("no report line in:\n%s", out)
	}
	path := strings.TrimSpace(strings.SplitN(out[i+len("; report "):], "\n", 2)[0])
	data, err := os.ReadFile(path)
	if err != nil {
		r.t.Fatal(err)
	}
	var rep etlrun.Report
	if err := json.Unmarshal(data, &rep); err != nil {
		r.t.Fatal(err)
	}
	return &rep
}

// lease polls the one driver lease under stateDir until its program has
// started (pid and session recorded).
func lease(t *testing.T, ctx context.Context, stateDir string) localengine.LockHolder {
	t.Helper()
	var h localengine.LockHolder
	ok := eventually(ctx, 3*time.Minute, func() bool {
		files, _ := filepath.Glob(filepath.Join(stateDir, "drivers", "*.lease"))
		if len(files) != 1 {
			return false
		}
		data, err := os.ReadFile(files[0])
		return err == nil && json.Unmarshal(data, &h) == nil && h.Program != 0 && h.Session != ""
	})
	if !ok {
		t.Fatalf("no started driver in the lease under %s: %+v", stateDir, h)
	}
	return h
}

// waitFor polls cond every 200 ms up to timeout.
func waitFor(timeout time.Duration, cond func() bool) bool {
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		if cond() {
			return true
		}
	}
	return cond()
}

// commit is one commit of a Delta table written by etlgen.
type commit struct {
	version int64
	at      time.Time
	runID   string
	batch   int64
	rows    int64 // written: a MERGE's inserted + updated + deleted target rows, an append's output rows
}

// commits reads the etlgen commits of a table from its history.
func (e *pipelineEnv) commits(ctx context.Context, table string) []commit {
	e.t.Helper()
	rows := e.spark.Rows(ctx, "DESCRIBE HISTORY "+table)
	var out []commit
	for _, r := range rows {
		var meta struct {
			RunID string `json:"run_id"`
			Batch int64  `json:"batch_id"`
		}
		if json.Unmarshal([]byte(str(r.Value("userMetadata"))), &meta) != nil || meta.RunID == "" {
			continue
		}
		c := commit{runID: meta.RunID, batch: meta.Batch}
		c.version, _ = strconv.ParseInt(str(r.Value("version")), 10, 64)
		if ts, ok := r.Value("timestamp").(time.Time); ok {
			c.at = ts
		}
		metrics, _ := r.Value("operationMetrics").(map[any]any)
		num := func(k string) int64 { n, _ := strconv.ParseInt(str(metrics[k]), 10, 64); return n }
		if _, merge := metrics["numTargetRowsInserted"]; merge {
			c.rows = num("numTargetRowsInserted") + num("numTargetRowsUpdated") + num("numTargetRowsDeleted")
		} else {
			c.rows = num("numOutputRows")
		}
		out = append(out, c)
	}
	return out
}

var printedBatch = regexp.MustCompile(`^batch (\d+) (\S+)\s.* output=(\d+)`)

// checkBatches compares, batch by batch, what a run printed and reported
// with the Delta history: every batch line's output rows equal the rows of
// the commit its batch made in this run (by the run id in the commit; 0
// when the batch made none, as a replay Delta skipped), every commit of
// the run has its batch line, and the report's rows per query are their
// sum.
func (e *pipelineEnv) checkBatches(ctx context.Context, what string, r *cliRun, rep *etlrun.Report) {
	e.t.Helper()
	printed := map[string]map[int64]int64{}
	for _, l := range strings.Split(r.stdout(), "\n") {
		if m := printedBatch.FindStringSubmatch(l); m != nil {
			id, _ := strconv.ParseInt(m[1], 10, 64)
			rows, _ := strconv.ParseInt(m[3], 10, 64)
			if printed[m[2]] == nil {
				printed[m[2]] = map[int64]int64{}
			}
			printed[m[2]][id] = rows
		}
	}
	for i, table := range []string{e.curated, e.rejected} {
		q := committingQueries[i]
		committed := map[int64]int64{}
		var sum int64
		for _, c := range e.commits(ctx, table) {
			if c.runID == rep.RunID {
				committed[c.batch] += c.rows
				sum += c.rows
			}
		}
		for id, rows := range printed[q] {
			if committed[id] != rows {
				e.t.Errorf("%s: batch %d of %s printed output=%d; its commit to %s in this run wrote %d rows",
					what, id, q, rows, table, committed[id])
			}
		}
		for id := range committed {
			if _, ok := printed[q][id]; !ok {
				e.t.Errorf("%s: batch %d of %s committed to %s in this run and has no batch line", what, id, q, table)
			}
		}
		if rep.Sinks[q] != sum {
			e.t.Errorf("%s report: %s wrote %d rows; the Delta history of %s credits the run with %d", what, q, rep.Sinks[q], table, sum)
		}
	}
}

// newestCommitted is the newest batch id in each committing query's
// commits/ log (-1: none), by query.
func (e *pipelineEnv) newestCommitted(t *testing.T) map[string]int {
	t.Helper()
	out := map[string]int{}
	for _, q := range committingQueries {
		dirs, _ := filepath.Glob(filepath.Join(e.checkpointRoot, "*", "*", "*", q, "commits"))
		out[q] = -1
		for _, d := range dirs {
			ents, _ := os.ReadDir(d)
			for _, en := range ents {
				if n, err := strconv.Atoi(en.Name()); err == nil && n > out[q] {
					out[q] = n
				}
			}
		}
	}
	return out
}

// committedSince lists the batches of query whose commit file was written
// at or after t, in order.
func (e *pipelineEnv) committedSince(t *testing.T, query string, at time.Time) []int {
	t.Helper()
	var out []int
	dirs, _ := filepath.Glob(filepath.Join(e.checkpointRoot, "*", "*", "*", query, "commits"))
	for _, d := range dirs {
		ents, _ := os.ReadDir(d)
		for _, en := range ents {
			n, err := strconv.Atoi(en.Name())
			if err != nil {
				continue
			}
			if info, err := en.Info(); err == nil && !info.ModTime().Before(at) {
				out = append(out, n)
			}
		}
	}
	slices.Sort(out)
	return out
}

// TestDriverKilled kills the Spark driver two ways, each time mid-backlog,
// and reruns at once:
//
//   - kill -9 of the generated program alone: etlgen run sees it die
//     without its end line, releases its Spark Connect session at once
//     (the server stops its queries) and exits 1 (crashed) with
//     releasedAfterCrash in the report; no commit of that run follows.
//   - kill -9 of etlgen run and its program together: the queries go on
//     on the server with no client; the rerun, started at once, finds the
//     session in the driver lease, releases it before it starts, and runs
//     without a merge conflict; no commit of the orphan follows the rerun's
//     first commit, and the tables hold every row exactly once.
func TestDriverKilled(t *testing.T) {
	// Alongside TestDriverStopAfterBatch, after TestDriverServerLost (not
	// parallel: go test runs it first, alone): each kills or signals only
	// the processes it started, on topics, tables and state of its own.
	t.Parallel()
	e := newPipelineEnv(t, envOptions{MaxOffsets: 25})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	state := t.TempDir()
	e.produce(ctx, e.events(300, at("10:00"), time.Minute), false, invalidCases(t, 4))
	processing := e.profile("{type: processing-time, interval: 1s}")

	// 1. The program alone dies.
	r1 := e.etlgenRun(processing, state)
	h1 := lease(t, ctx, state)
	r1.waitBatch()
	if err := syscall.Kill(h1.Program, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	if code := r1.wait(ctx); code != 1 {
		t.Errorf("etlgen run after its program was killed: exit %d, want 1\n%s", code, tail(r1.stderr.String(), 20))
	}
	rep1 := r1.report()
	if rep1.Failure == nil || rep1.Failure.Code != "crashed" || rep1.Driver == nil || !rep1.Driver.ReleasedAfterCrash {
		t.Errorf("report after the program was killed: failure %+v, driver %+v; want crashed and its session released",
			rep1.Failure, rep1.Driver)
	}
	t.Logf("run 1: program killed, etlgen exited %.1f s later", time.Since(killed).Seconds())
	time.Sleep(10 * time.Second) // an orphan would commit its next batch within this
	for _, table := range []string{e.curated, e.rejected} {
		for _, c := range e.commits(ctx, table) {
			if c.runID == rep1.RunID && c.at.After(killed.Add(2*time.Second)) {
				t.Errorf("%s: run 1 committed batch %d (version %d) at %s, after its program was killed at %s and its session released",
					table, c.batch, c.version, c.at.Format(time.RFC3339Nano), killed.Format(time.RFC3339Nano))
			}
		}
	}

	// 2. etlgen run and its program die together: an orphan on the server.
	r2 := e.etlgenRun(processing, state)
	h2 := lease(t, ctx, state)
	// Both queries past their recovery (Spark 4.1.1's Kafka source fails a
	// replayed batch's progress, SPARK-55271, and the program restarts the
	// query): each has a batch of its own, so both are active on the server.
	if !waitFor(5*time.Minute, func() bool {
		for _, q := range committingQueries {
			if !r2.ranFresh(q) {
				return false
			}
		}
		return true
	}) {
		t.Fatalf("run 2: no fresh batch of each query within 5 min:\n%s\n%s", r2.stdout(), tail(r2.stderr.String(), 40))
	}
	_ = syscall.Kill(h2.Program, syscall.SIGKILL)
	_ = syscall.Kill(r2.cmd.Process.Pid, syscall.SIGKILL)
	r2.wait(ctx)

	e.maxOffsets = 100000 // the rest in one batch (the option may change between runs)
	r3 := e.etlgenRun(e.profile("{type: available-now}"), state)
	if code := r3.wait(ctx); code != 0 {
		t.Fatalf("rerun after the orphan: exit %d\n%s\n%s", code, r3.stdout(), tail(r3.stderr.String(), 60))
	}
	rep3 := r3.report()
	if rep3.Driver == nil || rep3.Driver.Orphan == nil || rep3.Driver.Orphan.Session != h2.Session {
		t.Fatalf("rerun report driver %+v: want the orphaned session %s released", rep3.Driver, h2.Session)
	}
	t.Logf("orphan released in %.1f s: %+v", rep3.Driver.Orphan.Seconds, rep3.Driver.Orphan.Queries)
	if len(rep3.Driver.Orphan.Queries) == 0 && !rep3.Driver.Orphan.SessionGone {
		t.Errorf("the orphan had no active query: the test did not make one")
	}
	e.checkBatches(ctx, "rerun", r3, rep3)
	for _, table := range []string{e.curated, e.rejected} {
		cs := e.commits(ctx, table)
		var first time.Time
		for _, c := range cs {
			if c.runID == rep3.RunID && (first.IsZero() || c.at.Before(first)) {
				first = c.at
			}
		}
		for _, c := range cs {
			if c.runID == h2.RunID && !first.IsZero() && !c.at.Before(first) {
				t.Errorf("%s: the orphan committed batch %d (version %d) at %s, after the rerun's first commit at %s",
					table, c.batch, c.version, c.at.Format(time.RFC3339Nano), first.Format(time.RFC3339Nano))
			}
		}
	}
	e.checkOutputs(ctx)
}

// TestDriverStopAfterBatch stops a run with a backlog, by SIGTERM to
// etlgen run and by a terminal's Ctrl-C (SIGINT to its process group):
// with stop_policy finish-batch exactly the batch in flight finishes (each
// query's checkpoint commits at most one batch after the signal), the run
// exits 0 as stopped, and the checkpoint is intact: a last run to the end
// leaves every row exactly once.
func TestDriverStopAfterBatch(t *testing.T) {
	// Alongside TestDriverKilled, after TestDriverServerLost (not
	// parallel: go test runs it first, alone): each kills or signals only
	// the processes it started, on topics, tables and state of its own.
	t.Parallel()
	e := newPipelineEnv(t, envOptions{MaxOffsets: 20})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	state := t.TempDir()
	e.produce(ctx, e.events(300, at("10:00"), time.Minute), false, invalidCases(t, 6))
	processing := e.profile("{type: processing-time, interval: 0s}")
	for _, stop := range []struct {
		name string
		send func(r *cliRun) error
	}{
		{"SIGTERM", func(r *cliRun) error { return r.cmd.Process.Signal(syscall.SIGTERM) }},
		{"Ctrl-C", func(r *cliRun) error { return syscall.Kill(-r.cmd.Process.Pid, syscall.SIGINT) }},
	} {
		r := e.etlgenRun(processing, state)
		holder := lease(t, ctx, state)
		if stop.name == "SIGTERM" { // a second driver on the same checkpoints is refused
			second := e.etlgenRun(processing, state)
			code := second.wait(ctx)
			msg := second.stderr.String()
			if code != 16 || !strings.Contains(msg, "ETL-K520") || !strings.Contains(msg, "program pid "+strconv.Itoa(holder.Program)) ||
				!strings.Contains(msg, holder.Session) {
				t.Errorf("second etlgen run on held checkpoints: exit %d, stderr:\n%s\nwant 16 and ETL-K520 naming program pid %d and session %s",
					code, msg, holder.Program, holder.Session)
			}
		}
		before := e.newestCommitted(t)
		if !waitFor(5*time.Minute, func() bool {
			now := e.newestCommitted(t)
			return now[committingQueries[0]] >= before[committingQueries[0]]+2
		}) {
			t.Fatalf("%s: no two batches within 5 min:\n%s\n%s", stop.name, r.stdout(), tail(r.stderr.String(), 40))
		}
		atSignal, sent := e.newestCommitted(t), time.Now()
		if err := stop.send(r); err != nil {
			t.Fatal(err)
		}
		if code := r.wait(ctx); code != 0 {
			t.Errorf("%s: exit %d, want 0\n%s", stop.name, code, tail(r.stderr.String(), 40))
		}
		rep := r.report()
		after := e.newestCommitted(t)
		t.Logf("%s: committed at the signal %v, after the stop %v; report status %s", stop.name, atSignal, after, rep.Status)
		if rep.Status != "stopped" {
			t.Errorf("%s: report status %q, want stopped", stop.name, rep.Status)
		}
		for _, q := range committingQueries {
			// By the commit files' times: a batch may commit between the
			// reading of atSignal and the signal.
			if since := e.committedSince(t, q, sent); len(since) > 1 {
				t.Errorf("%s: query %s committed batches %v after the signal, want at most the one in flight",
					stop.name, q, since)
			}
			for _, qr := range rep.Queries {
				if qr.Name == q && qr.Batches > 0 && qr.LastBatchID != int64(after[q]) {
					t.Errorf("%s: report says %s's last batch is %d, its checkpoint's newest commit is %d",
						stop.name, q, qr.LastBatchID, after[q])
				}
			}
		}
		e.checkBatches(ctx, stop.name, r, rep)
	}
	e.maxOffsets = 100000 // the rest in one batch (the option may change between runs)
	last := e.profile("{type: available-now}")
	r := e.etlgenRun(last, state)
	if code := r.wait(ctx); code != 0 {
		t.Fatalf("last run: exit %d\n%s", code, tail(r.stderr.String(), 40))
	}
	e.checkOutputs(ctx)
	e.checkShow(ctx, last, r)
}

// checkShow checks, after a run to the end, what the user sees of the
// curated table: the run's summary line for it, and `etlgen show` (the
// Delta table through Spark Connect) with every row counted, the first
// ones as the table holds them.
func (e *pipelineEnv) checkShow(ctx context.Context, prof string, r *cliRun) {
	e.t.Helper()
	if out := r.stdout(); !strings.Contains(out, "sink customer_order_windows (delta ") || !strings.Contains(out, "\n  customer_id  window_start ") {
		e.t.Errorf("the run's output has no summary of the curated sink with its first rows:\n%s", out)
	}
	cmd := exec.CommandContext(ctx, etlgen(e.t), "show", "./examples/order-streaming", "--profile", prof,
		"--sink", "customer_order_windows", "--limit", "3", "--format", "json")
	cmd.Dir = repoRoot
	out, err := cmd.Output()
	if err != nil {
		e.t.Fatalf("etlgen show: %v\n%s", err, out)
	}
	var rows etlrun.SinkRows
	if err := json.Unmarshal(out, &rows); err != nil {
		e.t.Fatalf("etlgen show --format json: %v\n%s", err, out)
	}
	want := len(e.wantWindows())
	if rows.Total != int64(want) || len(rows.Rows) != min(3, want) || rows.Plugin != "delta" {
		e.t.Errorf("etlgen show: %d rows of %d, plugin %s; want 3 of %d from delta\n%s", len(rows.Rows), rows.Total, rows.Plugin, want, out)
	}
	for _, row := range rows.Rows {
		var w struct {
			CustomerID  *int64 `json:"customer_id"`
			WindowStart string `json:"window_start"`
		}
		if err := json.Unmarshal(row, &w); err != nil || w.CustomerID == nil || w.WindowStart == "" {
			e.t.Errorf("etlgen show row %s: %v; want the window's columns", row, err)
		}
	}
}

// stackDir is the running stack's directory (scripts/stack.sh).
func stackDir() string {
	if d := os.Getenv("ETLGEN_STACK_DIR"); d != "" {
		return d
	}
	return filepath.Join(repoRoot, ".stack")
}

// restartSpark starts the stack's Spark Connect server again and waits
// until it answers.
func restartSpark(t *testing.T) {
	t.Helper()
	cmd := exec.Command(filepath.Join(repoRoot, "scripts", "stack.sh"), "restart", "spark")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("stack.sh restart spark: %v\n%s", err, out)
	}
}

// TestDriverServerLost kills the Spark Connect server (kill -9 of its
// JVM) under a running pipeline whose profile sets server_loss_timeout
// 20s: etlgen run exits within that bound (plus the program's start of a
// call and its exit) with exit 16 and failure class connectivity, the
// class a lost server always gets; once the server is back, a rerun
// resumes from the checkpoint and the tables hold every row exactly once.
func TestDriverServerLost(t *testing.T) {
	// Not parallel: it kills the server every other live test uses, so go
	// test runs it before the parallel tests start (make test-stack: before
	// TestDriverKilled and TestDriverStopAfterBatch, in a go test of their
	// own).
	e := newPipelineEnv(t, envOptions{MaxOffsets: 25, ServerLoss: "20s"})
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	state := t.TempDir()
	e.produce(ctx, e.events(200, at("10:00"), time.Minute), false, invalidCases(t, 4))
	r := e.etlgenRun(e.profile("{type: processing-time, interval: 1s}"), state)
	lease(t, ctx, state)
	r.waitBatch()
	data, err := os.ReadFile(filepath.Join(stackDir(), "run", "spark.pid"))
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatal(err)
	}
	restarted := false
	t.Cleanup(func() {
		if !restarted {
			restartSpark(t)
		}
	})
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	code := r.wait(ctx)
	took := time.Since(killed)
	restartSpark(t)
	restarted = true
	t.Logf("server killed: etlgen run exited %d after %.1f s", code, took.Seconds())
	rep := r.report()
	if code != 16 || rep.Failure == nil || rep.Failure.Code != "connectivity" {
		t.Errorf("after the server was killed: exit %d, failure %+v; want 16, connectivity\n%s", code, rep.Failure,
			tail(r.stderr.String(), 20))
	}
	if took > 20*time.Second+40*time.Second {
		t.Errorf("etlgen run took %s to exit after the server was killed, want within server_loss_timeout 20s (+40 s)", took)
	}
	e.spark = stack.Spark(t) // the old session died with the server
	e.maxOffsets = 100000
	r2 := e.etlgenRun(e.profile("{type: available-now}"), state)
	if code := r2.wait(ctx); code != 0 {
		t.Fatalf("rerun after the server came back: exit %d\n%s\n%s", code, r2.stdout(), tail(r2.stderr.String(), 60))
	}
	e.checkOutputs(ctx)
}
