package run

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
)

func leasePlan(root string) (*planner.Model, *planner.PipelinePlan) {
	m := &planner.Model{Session: &planner.Session{Remote: "sc://127.0.0.1:15002/;use_ssl=false"}}
	pp := &planner.PipelinePlan{ID: "orders/v1", Queries: []planner.Query{
		{Name: "a", Checkpoint: root + "/orders/v1/stack/a"},
		{Name: "b", Checkpoint: root + "/orders/v1/stack/b"},
	}}
	return m, pp
}

// TestLease takes a pipeline's driver lease, is refused a second one
// while it is held (ETL-K520 naming the holder, its program and session),
// and finds the session a holder left behind as the orphan to release.
func TestLease(t *testing.T) {
	t.Setenv(StateDirEnv, t.TempDir())
	m, pp := leasePlan("s3a://warehouse/cp")
	ctx := context.Background()
	l, err := takeLease(ctx, m, pp, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if l.Orphan != "" || l.Checkpoint != "s3a://warehouse/cp/orders/v1/stack" {
		t.Errorf("first lease: orphan %q, checkpoint %q", l.Orphan, l.Checkpoint)
	}
	if err := l.started(4242, "sess-1", "run-1"); err != nil {
		t.Fatal(err)
	}
	_, err = takeLease(ctx, m, pp, time.Second)
	var locked *LockedError
	if !errors.As(err, &locked) || locked.Code() != localengine.CodeCheckpointLocked {
		t.Fatalf("second lease: err = %v, want a LockedError", err)
	}
	for _, want := range []string{"ETL-K520", "s3a://warehouse/cp/orders/v1/stack", "program pid 4242", "session sess-1"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q lacks %q", err, want)
		}
	}
	if err := l.release(); err != nil { // dies with its session recorded
		t.Fatal(err)
	}
	l2, err := takeLease(ctx, m, pp, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	if l2.Orphan != "sess-1" {
		t.Errorf("orphan = %q, want the session the dead holder left", l2.Orphan)
	}
	if err := l2.started(1, "sess-2", "run-2"); err != nil {
		t.Fatal(err)
	}
	if err := l2.ended(); err != nil {
		t.Fatal(err)
	}
	l2.release()
	l3, err := takeLease(ctx, m, pp, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l3.release()
	if l3.Orphan != "" {
		t.Errorf("orphan after a clean end = %q, want none", l3.Orphan)
	}
}

// TestLeaseWaitsForProgram: a lease held by the program of an etlgen run
// that is gone (the program stops by its stop policy) is waited for, up
// to the limit, then refused.
func TestLeaseWaitsForProgram(t *testing.T) {
	t.Setenv(StateDirEnv, t.TempDir())
	m, pp := leasePlan("/data/cp")
	l, err := takeLease(context.Background(), m, pp, time.Second)
	if err != nil {
		t.Fatal(err)
	}
	defer l.release()
	gone := exec.Command("true")
	if err := gone.Run(); err != nil {
		t.Fatal(err)
	}
	l.rec.PID = gone.ProcessState.Pid() // etlgen is gone, its program holds on
	if err := l.started(os.Getpid(), "sess", "run"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = takeLease(context.Background(), m, pp, 1500*time.Millisecond)
	var locked *LockedError
	if !errors.As(err, &locked) {
		t.Fatalf("err = %v, want a LockedError after waiting", err)
	}
	if d := time.Since(start); d < time.Second {
		t.Errorf("refused after %s, want a wait for the stopping program", d)
	}
}

// TestLeaseName: one lease per server and pipeline checkpoint directory,
// named readably after the pipeline.
func TestLeaseName(t *testing.T) {
	a := leaseName("orders/v1", "sc://h:15002/;use_ssl=true", "s3a://b/cp/orders/v1/p")
	if a != leaseName("orders/v1", "sc://h:15002", "s3a://b/cp/orders/v1/p") {
		t.Errorf("URL parameters changed the lease")
	}
	if a == leaseName("orders/v1", "sc://other:15002", "s3a://b/cp/orders/v1/p") ||
		a == leaseName("orders/v1", "sc://h:15002", "s3a://b/cp/orders/v2/p") {
		t.Errorf("another server or checkpoint shares lease %s", a)
	}
	if !strings.HasPrefix(a, "orders_v1-") || !strings.HasSuffix(a, ".lease") || filepath.Base(a) != a {
		t.Errorf("lease name %q", a)
	}
}

// TestPipelineCheckpoint is the common parent of the queries' checkpoints.
func TestPipelineCheckpoint(t *testing.T) {
	cases := []struct {
		cps  []string
		want string
	}{
		{[]string{"s3a://w/cp/p/v1/x/a", "s3a://w/cp/p/v1/x/b"}, "s3a://w/cp/p/v1/x"},
		{[]string{"/d/cp/p/v1/x/a"}, "/d/cp/p/v1/x"},
		{[]string{"/d/cp/p/v1/x/a", "/d/other/b"}, "/d"},
		{[]string{"s3a://w/a", "s3a://v/b"}, "s3a://"},
	}
	for _, c := range cases {
		pp := &planner.PipelinePlan{}
		for _, cp := range c.cps {
			pp.Queries = append(pp.Queries, planner.Query{Checkpoint: cp})
		}
		if got := pipelineCheckpoint(pp); got != c.want {
			t.Errorf("pipelineCheckpoint(%v) = %q, want %q", c.cps, got, c.want)
		}
	}
}
