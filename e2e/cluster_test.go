package e2e_test

import (
	"context"
	"sort"
	"sync/atomic"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/pyspark"
)

// The cluster tests run when the stack's Spark Connect server is the driver
// of a standalone cluster (scripts/stack.sh up --cluster: a master and two
// workers, one executor each); `make test-cluster` runs them and fails them
// instead of skipping when the server is in local mode.

// newClusterEnv is a pipeline copy for the cluster: tables and checkpoints on
// s3a://, the profile's spark resource declared deployment: cluster (so the
// planner refuses local paths), a topic of four partitions so that the
// source's tasks spread over both executors.
func newClusterEnv(t *testing.T, maxOffsets int) (*pipelineEnv, *stack.Cluster) {
	t.Helper()
	e := newPipelineEnv(t, envOptions{S3: true, Partitions: 4, Deployment: "cluster", MaxOffsets: maxOffsets})
	c := stack.RequireCluster(t, e.spark, repoRoot)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	if !c.ActiveExecutors(ctx, 2, 2*time.Minute) {
		t.Fatalf("the cluster has fewer than 2 active executors: %+v", c.Executors(ctx))
	}
	return e, c
}

// executorWork is what each executor did between two snapshots.
type executorWork struct {
	id                  string
	tasks, read, writes int64
}

func workSince(before, after map[string]stack.Executor) []executorWork {
	var out []executorWork
	for id, a := range after {
		b := before[id]
		if w := (executorWork{id, a.TotalTasks - b.TotalTasks, a.ShuffleRead - b.ShuffleRead, a.ShuffleWrite - b.ShuffleWrite}); w.tasks > 0 {
			out = append(out, w)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].id < out[j].id })
	return out
}

// TestClusterPipeline runs the order-streaming example on the cluster with
// tables and checkpoints on s3a:// — two runs, the second resuming from the
// checkpoint — and gets the tables computed in Go (the same the local-mode
// tests get). The aggregation's exchange hash-partitions the rows by the
// grouping key, so both executors run tasks and exchange shuffle data: the
// Spark UI's executor figures show it.
func TestClusterPipeline(t *testing.T) {
	e, c := newClusterEnv(t, 100000)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	prog := e.compile(ctx, "{type: available-now}")
	before := c.Executors(ctx)
	e.produce(ctx, e.events(60, at("10:00"), 2*time.Minute), false, invalidCases(t, 6))
	e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)
	e.produce(ctx, e.events(20, at("12:10"), 5*time.Minute), false, nil)
	e.produce(ctx, lateEvents(e, []string{"10:05"}), true, nil)
	e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)

	work := workSince(before, c.Executors(ctx))
	t.Logf("executors that ran tasks: %+v", work)
	var shuffled int
	for _, w := range work {
		if w.read > 0 || w.writes > 0 {
			shuffled++
		}
	}
	if len(work) < 2 || shuffled < 2 {
		t.Errorf("%d executors ran tasks and %d exchanged shuffle data; want both of the cluster's: %+v", len(work), shuffled, work)
	}
}

// TestClusterWorkerKilled kills a worker JVM and its executor with SIGKILL
// while a backlog of stateful micro-batches runs: Spark loses the executor,
// its tasks and shuffle output, and reschedules them on the other executor
// (the state stores reload from the s3a:// checkpoint); if the query fails
// instead, the run is started again and resumes from the checkpoint. Either
// way the tables end equal to a clean run's: nothing lost, nothing twice.
func TestClusterWorkerKilled(t *testing.T) {
	e, c := newClusterEnv(t, 60)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Minute)
	defer cancel()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
		defer cancel()
		c.Up(ctx) // the next tests get both workers back
	})
	prog := e.compile(ctx, "{type: available-now}")
	e.produce(ctx, e.events(600, at("10:00"), 30*time.Second), false, invalidCases(t, 6))

	var started, killed atomic.Int32
	var killErr atomic.Value
	r := e.startWith(ctx, prog, func(ev pyspark.Event) {
		// About the third micro-batch of the aggregation (three queries
		// report batch starts) starts: kill worker 1 in it.
		if ev.Kind == "batch_start" && started.Add(1) == 3*3 {
			n, err := c.KillWorker(1)
			if err != nil {
				killErr.Store(err)
			}
			killed.Store(int32(n))
		}
	})
	res := r.wait(t, ctx)
	if err, _ := killErr.Load().(error); err != nil {
		t.Fatal(err)
	}
	if killed.Load() == 0 {
		t.Fatalf("the run ended (%s, %d batch lines) before the kill", res.Status, len(res.Batches))
	}
	t.Logf("killed worker 1: %d processes; the run %s with exit %d after %d batch lines", killed.Load(), res.Status, res.ExitCode, len(res.Batches))
	if res.ExitCode != 0 || res.Status != "finished" {
		t.Logf("the run failed (%+v); running again from the checkpoint", res.Failure)
		c.Up(ctx)
		e.runToEnd(ctx, prog)
	}
	e.checkOutputs(ctx)
}
