package sparkrun

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/pyspark/events"
)

// parentScript runs etlgen_runtime.run over a stand-in query that stays
// active until stopped: only a stop request can end it.
const parentScript = `
import etlgen_runtime as rt

class Handle:
    id = "q-1"
    isActive = True
    status = {"isTriggerActive": False}
    recentProgress = []
    def exception(self):
        return None
    def stop(self):
        self.isActive = False

def start(spark):
    return [rt.Query("q", Handle(), "p/v1/test/q")]

raise SystemExit(rt.run(lambda: None, start, "finish-batch", 5.0, poll=0.05))
`

// writeProgram writes script and the runtime into a new directory and
// returns the interpreter and the program; it skips without Python.
func writeProgram(t *testing.T, script string) (py, prog string) {
	t.Helper()
	py, err := FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	dir := t.TempDir()
	if err := pyspark.Write(dir, pyspark.RuntimeFiles()); err != nil {
		t.Fatal(err)
	}
	prog = filepath.Join(dir, "prog.py")
	if err := os.WriteFile(prog, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	return py, prog
}

// TestProgramStopsWhenParentGoes: when the process that started a program
// goes away (its end of the program's stdin closes, as when etlgen is
// killed), the program stops its queries by its stop policy and reports
// it, instead of leaving them running on the server without a client.
func TestProgramStopsWhenParentGoes(t *testing.T) {
	py, prog := writeProgram(t, parentScript)
	started := make(chan struct{})
	h, err := Run(context.Background(), prog, RunOptions{Python: py, OnEvent: func(ev events.Event) {
		if ev.Kind == "start" {
			close(started)
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	select {
	case <-started:
	case <-time.After(60 * time.Second):
		t.Fatal("the program did not start")
	}
	if err := h.stdin.Close(); err != nil { // what the kernel does when etlgen dies
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := h.Await(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != "stopped" || res.Signal == nil || *res.Signal != "PARENT_GONE" {
		t.Errorf("end = %+v (signal %v), want stopped by PARENT_GONE", res.End, res.Signal)
	}
}

// killedParentScript is parentScript with the stand-in query's stop and
// the program's exit code written to the file $ETLGEN_TEST_STOPPED: its
// stdout goes to a parent that is gone by then.
const killedParentScript = `
import os
import etlgen_runtime as rt

out = os.environ["ETLGEN_TEST_STOPPED"]

class Handle:
    id = "q-1"
    isActive = True
    status = {"isTriggerActive": False}
    recentProgress = []
    def exception(self):
        return None
    def stop(self):
        self.isActive = False
        with open(out, "a") as f:
            f.write("stopped\n")

def start(spark):
    return [rt.Query("q", Handle(), "p/v1/test/q")]

code = rt.run(lambda: None, start, "finish-batch", 5.0, poll=0.05)
with open(out, "a") as f:
    f.write("exit %d\n" % code)
raise SystemExit(code)
`

// TestProgramStopsWhenParentKilled kills (SIGKILL) the process that
// started a program through Run, as when etlgen is killed: the program's
// stdin reaches end of file, its stdout has no reader and, on Linux, it
// gets the parent-death SIGTERM; it stops its queries by its stop policy
// and exits 0 all the same.
func TestProgramStopsWhenParentKilled(t *testing.T) {
	if prog := os.Getenv("ETLGEN_TEST_PARENT_OF"); prog != "" { // the parent
		h, err := Run(context.Background(), prog, RunOptions{})
		if err != nil {
			os.Exit(3)
		}
		_, _ = h.Await(context.Background())
		os.Exit(4) // not reached: the test kills this process
	}
	py, prog := writeProgram(t, killedParentScript)
	dir := filepath.Dir(prog)
	stopped := filepath.Join(dir, "stopped")
	parent := exec.Command(os.Args[0], "-test.run=^TestProgramStopsWhenParentKilled$")
	parent.Env = append(os.Environ(), "ETLGEN_TEST_PARENT_OF="+prog, "ETLGEN_TEST_STOPPED="+stopped, "ETLGEN_PYTHON="+py)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	// The program is up once it imported pyspark and started its query.
	time.Sleep(5 * time.Second)
	if err := parent.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = parent.Wait()
	var got string
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		data, _ := os.ReadFile(stopped)
		if got = string(data); strings.Contains(got, "exit") {
			break
		}
	}
	if got != "stopped\nexit 0\n" {
		t.Errorf("the program after its parent was killed wrote %q, want its query stopped and exit 0", got)
	}
}

// restartScript runs etlgen_runtime.run over two stand-in queries: one has
// finished, the other fails with Spark 4.1.1's restartable Kafka metrics
// failure (SPARK-55271) just after the run looked whether any query is
// active: it still runs at the first look, has failed at the next.
const restartScript = `
import etlgen_runtime as rt

NPE = 'because the return value of "scala.Option.get()" is null'

class Done:
    id = "q-done"
    isActive = False
    status = {"isTriggerActive": False}
    recentProgress = []
    def exception(self):
        return None
    def stop(self):
        pass

class FailsLate:
    id = "q-late"
    status = {"isTriggerActive": False}
    recentProgress = []
    looks = 0
    @property
    def isActive(self):
        self.looks += 1
        return self.looks == 1
    def exception(self):
        return None if self.looks <= 1 else Exception("[STREAM_FAILED] Cannot invoke ... " + NPE)
    def stop(self):
        pass

class Restarted:
    def __init__(self):
        self.handle = Done()
        self.handle.id = "q-late-2"

def start(spark):
    q = rt.Query("late", FailsLate(), "p/v1/test/late")
    q.starter = lambda spark: Restarted()
    return [rt.Query("done", Done(), "p/v1/test/done"), q]

raise SystemExit(rt.run(lambda session_id=None: None, start, "finish-batch", 5.0, poll=0.01))
`

// TestRunRestartsLastFailure: a restartable failure of the last active
// query is restarted, even when it comes right after the run looked for
// active queries (the run used to end there and fail with it).
func TestRunRestartsLastFailure(t *testing.T) {
	py, prog := writeProgram(t, restartScript)
	var kinds []string
	h, err := Run(context.Background(), prog, RunOptions{Python: py, OnEvent: func(ev events.Event) { kinds = append(kinds, ev.Kind) }})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	res, err := h.Await(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != "finished" || res.ExitCode != 0 || !slices.Contains(kinds, "restart") {
		t.Errorf("end = %+v, failure %+v, events %v: want the query restarted and the run finished", res.End, res.Failure, kinds)
	}
}
