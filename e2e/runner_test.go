package e2e_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// repoRoot is the module root, where `etlgen compile` resolves the example package.
const repoRoot = ".."

var (
	buildOnce sync.Once
	etlgenBin string
	buildErr  error
)

// etlgen builds cmd/etlgen once per test binary.
func etlgen(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "etlgen-e2e-bin")
		if err != nil {
			buildErr = err
			return
		}
		etlgenBin = filepath.Join(dir, "etlgen")
		out, err := exec.Command("go", "build", "-o", etlgenBin, "github.com/etlgen/etlgen/cmd/etlgen").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("build etlgen: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return etlgenBin
}

// python is the stack's venv interpreter.
func python(t *testing.T) string {
	t.Helper()
	if p := os.Getenv("ETLGEN_STACK_PYTHON"); p != "" {
		return p
	}
	p, err := filepath.Abs(filepath.Join(repoRoot, ".cache", "venv", "bin", "python"))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// compile writes the test profile with trigger and compiles the example
// with `etlgen compile`; it returns the program's path.
func (e *pipelineEnv) compile(ctx context.Context, trigger string) string {
	e.t.Helper()
	prof := e.profile(trigger)
	out := filepath.Join(e.profileDir, "program")
	cmd := exec.CommandContext(ctx, etlgen(e.t), "compile", "./examples/order-streaming", "--profile", prof, "-o", out)
	cmd.Dir = repoRoot
	if b, err := cmd.CombinedOutput(); err != nil {
		e.t.Fatalf("etlgen compile: %v\n%s", err, b)
	}
	progs, _ := filepath.Glob(filepath.Join(out, "*.py"))
	if len(progs) > 0 {
		return progs[0] // the runtime is a package: etlgen_runtime/
	}
	e.t.Fatalf("etlgen compile wrote no program into %s", out)
	return ""
}

// run is a started program (the Spark engine's Go run API) and its stderr.
type run struct {
	h      *sparkrun.Handle
	stderr *bytes.Buffer
}

// start starts the program with sparkrun.Run; e.onEvent, when set, sees
// every line.
func (e *pipelineEnv) start(ctx context.Context, prog string) *run {
	e.t.Helper()
	return e.startWith(ctx, prog, e.onEvent)
}

// startWith starts the program with sparkrun.Run, onEvent (if not nil)
// called for each of its event lines.
func (e *pipelineEnv) startWith(ctx context.Context, prog string, onEvent func(events.Event)) *run {
	e.t.Helper()
	r := &run{stderr: &bytes.Buffer{}}
	h, err := sparkrun.Run(ctx, prog, sparkrun.RunOptions{Python: python(e.t), Stderr: &lockedWriter{w: r.stderr}, OnEvent: onEvent})
	if err != nil {
		e.t.Fatalf("start %s: %v", prog, err)
	}
	r.h = h
	return r
}

// wait waits for the program to exit.
func (r *run) wait(t *testing.T, ctx context.Context) *sparkrun.Result {
	t.Helper()
	res, err := r.h.Await(ctx)
	if err != nil && res == nil {
		t.Fatalf("await program: %v", err)
	}
	return res
}

// stop stops the program gracefully (SIGTERM) and returns its result.
func (r *run) stop(t *testing.T, ctx context.Context) *sparkrun.Result {
	t.Helper()
	sctx, cancel := context.WithTimeout(ctx, 3*time.Minute)
	defer cancel()
	if err := r.h.Stop(sctx); err != nil {
		t.Errorf("stop program: %v", err)
	}
	return r.wait(t, ctx)
}

// runToEnd runs the program until it exits (available-now) and fails the
// test unless it finishes with exit 0. A start that fails only because the
// server's Python worker for foreachBatch did not connect back in time (a
// loaded machine) is retried: no batch ran.
func (e *pipelineEnv) runToEnd(ctx context.Context, prog string) *sparkrun.Result {
	e.t.Helper()
	for attempt := 1; ; attempt++ {
		r := e.start(ctx, prog)
		res := r.wait(e.t, ctx)
		if res.ExitCode == 0 && res.Status == "finished" {
			e.t.Logf("run: %d batch lines, queries %+v", len(res.Batches), res.Queries)
			return res
		}
		if attempt < 3 && len(res.Batches) == 0 && workerStartFailure(res, r.stderr.String()) {
			e.t.Logf("attempt %d: the foreachBatch Python worker did not connect back in time; retrying", attempt)
			continue
		}
		e.t.Fatalf("program %s with exit %d, failure %+v\nstderr (tail):\n%s", res.Status, res.ExitCode, res.Failure,
			tail(r.stderr.String(), 60))
	}
}

func workerStartFailure(res *sparkrun.Result, stderr string) bool {
	const msg = "Python worker failed to connect back"
	return strings.Contains(stderr, msg) || (res.Failure != nil && strings.Contains(res.Failure.Message, msg))
}

// lockedWriter serialises writes (the run API writes stderr from its own goroutine).
type lockedWriter struct {
	mu sync.Mutex
	w  *bytes.Buffer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}

// eventually polls cond every 3 s until it holds or the timeout passes.
func eventually(ctx context.Context, timeout time.Duration, cond func() bool) bool {
	deadline := time.Now().Add(timeout)
	for {
		if cond() {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(3 * time.Second)
	}
}
