package pyspark

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"
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

// TestProgramStopsWhenParentGoes: when the process that started a program
// goes away (its end of the program's stdin closes, as when etlgen is
// killed), the program stops its queries by its stop policy and reports
// it, instead of leaving them running on the server without a client.
func TestProgramStopsWhenParentGoes(t *testing.T) {
	py, err := FindPython()
	if err != nil {
		t.Skipf("no python: %v", err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, RuntimeFile), runtimePy, 0o644); err != nil {
		t.Fatal(err)
	}
	prog := filepath.Join(dir, "prog.py")
	if err := os.WriteFile(prog, []byte(parentScript), 0o644); err != nil {
		t.Fatal(err)
	}
	started := make(chan struct{})
	h, err := Run(context.Background(), prog, RunOptions{Python: py, OnEvent: func(ev Event) {
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
