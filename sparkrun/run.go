package sparkrun

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/etlgen/etlgen/pyspark/events"
)

// Exit codes of a generated program (docs/spark-engine.md).
const (
	ExitOK          = 0  // finished, or stopped gracefully by a signal
	ExitFailure     = 1  // the pipeline failed (analysis error, merge conflict, checkpoint, ...)
	ExitEnvironment = 16 // connectivity, authentication or permission
)

// RunOptions configures Run.
type RunOptions struct {
	// Python is the interpreter; default $ETLGEN_PYTHON, else
	// .cache/venv/bin/python in the working directory or a parent.
	Python string
	// Args are extra program arguments, e.g. --remote sc://host:port.
	Args []string
	// Env is added to the program's environment (KEY=VALUE).
	Env []string
	// ExtraFiles are open files the program inherits (as descriptors 3,
	// 4, ...): etlgen run passes its driver lease so that the lock stays
	// held until the program has ended too.
	ExtraFiles []*os.File
	// Stderr receives the program's stderr (Spark and Python logs); the
	// last 64 KiB are also kept for a crash report.
	Stderr io.Writer
	// OnEvent is called for every JSON line the program prints, in order,
	// from one goroutine.
	OnEvent func(events.Event)
}

// Result is what a finished run reports.
type Result struct {
	events.End
	// Batches are every batch line, in order.
	Batches []events.Batch
}

// Status is a snapshot of a running program.
type Status struct {
	// State is running, finished, stopped or failed.
	State   string
	Batches int
	Last    *events.Batch
}

// Handle is a started program.
type Handle struct {
	cmd *exec.Cmd
	// stdin is held open for the program's life: its end tells the
	// program that etlgen is gone (etlgen_runtime's parent watchdog).
	stdin io.WriteCloser
	done  chan struct{}
	mu    sync.Mutex
	res   Result
	end   bool
	err   error
	tail  *tailBuffer
}

// Run starts a generated program and returns at once; read its progress
// with Status, wait with Await, stop it with Stop. ctx bounds only the
// start; use Stop to end a running program.
func Run(ctx context.Context, program string, opts RunOptions) (*Handle, error) {
	py := opts.Python
	if py == "" {
		var err error
		if py, err = FindPython(); err != nil {
			return nil, err
		}
	}
	abs, err := filepath.Abs(program)
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", program, err)
	}
	cmd := exec.Command(py, append([]string{"-u", abs}, opts.Args...)...)
	cmd.Dir = filepath.Dir(abs)
	cmd.Env = append(append(os.Environ(), opts.Env...), parentPipeEnv+"=stdin")
	cmd.ExtraFiles = opts.ExtraFiles
	detach(cmd)
	h := &Handle{cmd: cmd, done: make(chan struct{}), tail: &tailBuffer{max: 64 << 10}}
	cmd.Stderr = h.tail
	if opts.Stderr != nil {
		cmd.Stderr = io.MultiWriter(h.tail, opts.Stderr)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("run %s: %w", program, err)
	}
	// The program watches its stdin: when this process dies, the pipe
	// closes and the program stops its queries (it must not outlive us).
	if h.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, fmt.Errorf("run %s: %w", program, err)
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("run %s: %w", program, err)
	}
	go h.read(out, opts.OnEvent)
	return h, nil
}

// read parses the program's stdout until it ends, then waits for the process.
func (h *Handle) read(out io.Reader, on func(events.Event)) {
	sc := bufio.NewScanner(out)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		ev, ok := events.ParseEvent(sc.Bytes())
		if !ok {
			continue
		}
		h.mu.Lock()
		if ev.Batch != nil {
			h.res.Batches = append(h.res.Batches, *ev.Batch)
		}
		if ev.End != nil {
			h.res.End, h.end = *ev.End, true
		}
		h.mu.Unlock()
		if on != nil {
			on(ev)
		}
	}
	werr := h.cmd.Wait()
	h.mu.Lock()
	h.finish(werr)
	h.mu.Unlock()
	close(h.done)
}

// finish fills the result when the program exited without an end line.
func (h *Handle) finish(werr error) {
	code := 0
	var ee *exec.ExitError
	if errors.As(werr, &ee) {
		code = ee.ExitCode()
	} else if werr != nil {
		h.err = werr
	}
	if h.end {
		h.res.ExitCode = code
		return
	}
	h.res.Status, h.res.ExitCode = "failed", code
	if code == 0 {
		h.res.ExitCode = ExitFailure
	}
	h.res.Failure = &events.Failure{Code: "crashed", Retry: "read the program's stderr; rerun once fixed (the checkpoint is kept)",
		Message: h.tail.String(), Exception: fmt.Sprint(werr)}
}

// PID is the program's process id.
func (h *Handle) PID() int { return h.cmd.Process.Pid }

// Status returns a snapshot of the run.
func (h *Handle) Status() Status {
	h.mu.Lock()
	defer h.mu.Unlock()
	st := Status{State: "running", Batches: len(h.res.Batches)}
	if n := len(h.res.Batches); n > 0 {
		b := h.res.Batches[n-1]
		st.Last = &b
	}
	select {
	case <-h.done:
		st.State = h.res.Status
	default:
	}
	return st
}

// Await waits until the program exits and returns its result; an error
// only when the program could not be waited for or ctx ended first.
func (h *Handle) Await(ctx context.Context) (*Result, error) {
	select {
	case <-h.done:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	res := h.res
	res.Batches = append([]events.Batch(nil), h.res.Batches...)
	return &res, h.err
}

// Stop asks the program to stop (SIGTERM: it stops its queries as the
// profile's stop policy says and keeps the checkpoint) and waits for it
// to exit; when ctx ends first the program is killed.
func (h *Handle) Stop(ctx context.Context) error {
	if err := h.Signal(syscall.SIGTERM); err != nil {
		return err
	}
	select {
	case <-h.done:
		return nil
	case <-ctx.Done():
		_ = h.cmd.Process.Kill()
		<-h.done
		return ctx.Err()
	}
}

// Signal forwards a signal to the program (SIGINT, SIGTERM).
func (h *Handle) Signal(sig os.Signal) error {
	select {
	case <-h.done:
		return nil
	default:
	}
	if err := h.cmd.Process.Signal(sig); err != nil && !errors.Is(err, os.ErrProcessDone) {
		return fmt.Errorf("signal program: %w", err)
	}
	return nil
}

// FindPython returns $ETLGEN_PYTHON, else .cache/venv/bin/python in the
// working directory or its nearest parent that has one.
func FindPython() (string, error) {
	if p := os.Getenv("ETLGEN_PYTHON"); p != "" {
		return p, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", fmt.Errorf("find python: %w", err)
	}
	for {
		p := filepath.Join(dir, ".cache", "venv", "bin", "python")
		if _, err := os.Stat(p); err == nil {
			return p, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("find python: no .cache/venv/bin/python here or above (run scripts/stack.sh install, or set ETLGEN_PYTHON)")
		}
		dir = parent
	}
}

// tailBuffer keeps the last max bytes written.
type tailBuffer struct {
	mu  sync.Mutex
	buf []byte
	max int
}

func (t *tailBuffer) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if len(t.buf) > t.max {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-t.max:]...)
	}
	return len(p), nil
}

func (t *tailBuffer) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	return string(t.buf)
}

// The environment a program reads its orphan from (etlgen_runtime
// ORPHAN_ENV, RELEASE_ONLY_ENV): the Spark Connect session of a driver
// that died, released before the program starts its queries; with
// ReleaseOnlyEnv=1 that is all it does (end status "released").
const (
	OrphanSessionEnv = "ETLGEN_ORPHAN_SESSION"
	ReleaseOnlyEnv   = "ETLGEN_RELEASE_ONLY"
)
