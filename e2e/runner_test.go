package e2e_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
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
	for _, p := range progs {
		if filepath.Base(p) != "etlgen_runtime.py" {
			return p
		}
	}
	e.t.Fatalf("etlgen compile wrote no program into %s", out)
	return ""
}

// runResult is what a program run printed: its JSON lines and stderr.
type runResult struct {
	exit    int
	lines   []map[string]any
	stderr  string
	batches int
}

// end is the program's final JSON line ("end"), or nil.
func (r runResult) end() map[string]any {
	for i := len(r.lines) - 1; i >= 0; i-- {
		if r.lines[i]["event"] == "end" {
			return r.lines[i]
		}
	}
	return nil
}

// running is a started program.
type running struct {
	cmd    *exec.Cmd
	stdout bytes.Buffer
	stderr bytes.Buffer
	done   chan error
}

func (e *pipelineEnv) start(ctx context.Context, prog string) *running {
	e.t.Helper()
	r := &running{done: make(chan error, 1)}
	r.cmd = exec.CommandContext(ctx, python(e.t), prog)
	r.cmd.Dir = filepath.Dir(prog)
	r.cmd.Stdout, r.cmd.Stderr = &r.stdout, &r.stderr
	if err := r.cmd.Start(); err != nil {
		e.t.Fatal(err)
	}
	go func() { r.done <- r.cmd.Wait() }()
	return r
}

// wait waits for the program to exit and parses its output.
func (r *running) wait() runResult {
	err := <-r.done
	res := runResult{stderr: r.stderr.String()}
	if ee, ok := err.(*exec.ExitError); ok {
		res.exit = ee.ExitCode()
	} else if err != nil {
		res.exit = -1
		res.stderr += "\n" + err.Error()
	}
	sc := bufio.NewScanner(&r.stdout)
	sc.Buffer(nil, 1<<22)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil {
			res.lines = append(res.lines, m)
			if m["event"] == "batch" {
				res.batches++
			}
		}
	}
	return res
}

// stop sends SIGTERM (a graceful stop) and waits.
func (r *running) stop() runResult {
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	return r.wait()
}

// runToEnd runs the program until it exits (available-now) and fails the
// test unless it exits 0. A start that fails only because the server's
// Python worker for foreachBatch did not connect back in time (a loaded
// machine) is retried: nothing ran.
func (e *pipelineEnv) runToEnd(ctx context.Context, prog string) runResult {
	e.t.Helper()
	for attempt := 1; ; attempt++ {
		res := e.start(ctx, prog).wait()
		if res.exit == 0 {
			e.t.Logf("run: %d batch lines, end %v", res.batches, compact(res.end()))
			return res
		}
		if attempt < 3 && workerStartFailure(res) {
			e.t.Logf("attempt %d: the foreachBatch Python worker did not connect back in time; retrying", attempt)
			continue
		}
		e.t.Fatalf("program exited %d; end %v\nstderr (tail):\n%s", res.exit, compact(res.end()), tail(res.stderr, 60))
	}
}

func workerStartFailure(r runResult) bool {
	return strings.Contains(r.stderr, "Python worker failed to connect back") ||
		strings.Contains(compact(r.end()), "Python worker failed to connect back")
}

func compact(m map[string]any) string {
	b, _ := json.Marshal(m)
	return string(b)
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
