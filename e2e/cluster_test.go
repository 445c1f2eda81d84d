package e2e_test

import (
	"context"
	"encoding/json"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun/doctor"
	"github.com/etlgen/etlgen/sparkrun/sparkui"
	"github.com/etlgen/etlgen/testkit"
	"github.com/etlgen/etlgen/testkit/conformance/suite"
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

// sessions records the Spark Connect session and driver UI of every
// program start (the start line), as etlgen run reads them for its
// report's executors.
type sessions struct {
	mu     sync.Mutex
	starts []startLine
}

// startLine is the part of a program's start line sessions reads.
type startLine struct {
	Session string `json:"session"`
	UI      *struct {
		DriverHost string `json:"driver_host"`
		UIPort     string `json:"ui_port"`
		App        string `json:"app"`
	} `json:"ui"`
	Queries []struct {
		ID string `json:"id"`
	} `json:"queries"`
}

func (s *sessions) event(ev events.Event) {
	if ev.Kind != "start" {
		return
	}
	var l startLine
	_ = json.Unmarshal(ev.Raw, &l)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.starts = append(s.starts, l)
}

// usage sums, by executor, the tasks of every recorded session
// (sparkui.SessionTasks: what the run report's executors show).
func (s *sessions) usage(t *testing.T, ctx context.Context) map[string]sparkui.ExecutorTasks {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string]sparkui.ExecutorTasks{}
	for _, st := range s.starts {
		if st.UI == nil || st.Session == "" {
			t.Fatalf("start line without a session or driver UI: %+v", st)
		}
		url, err := sparkui.Endpoint(st.UI.DriverHost, st.UI.UIPort, "true")
		if err != nil {
			t.Fatal(err)
		}
		u, err := sparkui.Client{URL: url, App: st.UI.App}.SessionTasks(ctx, st.Session)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range u.Executors {
			sum := out[e.ID]
			sum.ID, sum.HostPort = e.ID, e.HostPort
			sum.Tasks += e.Tasks
			sum.FailedTasks += e.FailedTasks
			sum.ShuffleReadBytes += e.ShuffleReadBytes
			sum.ShuffleWriteBytes += e.ShuffleWriteBytes
			out[e.ID] = sum
		}
	}
	return out
}

// plans returns the physical plans (the driver UI's /sql
// planDescription) of the retained SQL executions that ran a micro-batch
// of one of the recorded programs' queries: Spark describes those
// executions with the query's id.
func (s *sessions) plans(t *testing.T, ctx context.Context) []string {
	t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, st := range s.starts {
		url, err := sparkui.Endpoint(st.UI.DriverHost, st.UI.UIPort, "true")
		if err != nil {
			t.Fatal(err)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet,
			url+"/api/v1/applications/"+st.UI.App+"/sql?details=false&planDescription=true&length=100000", nil)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var execs []struct {
			Description string `json:"description"`
			Plan        string `json:"planDescription"`
		}
		err = json.NewDecoder(resp.Body).Decode(&execs)
		resp.Body.Close()
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range execs {
			for _, q := range st.Queries {
				if q.ID != "" && strings.Contains(x.Description, q.ID) {
					out = append(out, x.Plan)
				}
			}
		}
	}
	return out
}

// TestClusterPipeline runs the order-streaming example on the cluster with
// tables and checkpoints on s3a:// — two runs, the second resuming from the
// checkpoint — and gets the tables computed in Go (the same the local-mode
// tests get). The aggregation's exchange hash-partitions the rows by the
// grouping key, so both executors run tasks of the runs' sessions and
// exchange shuffle data: the driver's status API, read as etlgen run's
// report reads it, shows it. etlgen doctor, on the same profile, counts
// both executors and sees each write to the checkpoint storage and read
// the source topic.
func TestClusterPipeline(t *testing.T) {
	t.Parallel() // after TestClusterWorkerKilled (make test-cluster); isolated by unique names
	e, _ := newClusterEnv(t, 100000)
	ctx, cancel := context.WithTimeout(context.Background(), 15*time.Minute)
	defer cancel()
	var rec sessions
	e.onEvent = rec.event
	prog := e.compile(ctx, "{type: available-now}")
	e.produce(ctx, e.events(60, at("10:00"), 2*time.Minute), false, invalidCases(t, 6))
	e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)
	e.produce(ctx, e.events(20, at("12:10"), 5*time.Minute), false, nil)
	e.produce(ctx, lateEvents(e, []string{"10:05"}), true, nil)
	e.runToEnd(ctx, prog)
	e.checkOutputs(ctx)

	work := rec.usage(t, ctx)
	t.Logf("executors that ran the runs' tasks: %+v", work)
	var ran, shuffled int
	for id, w := range work {
		if id == sparkui.DriverID {
			t.Errorf("the driver ran %d tasks on a cluster", w.Tasks)
			continue
		}
		ran++
		if w.ShuffleReadBytes > 0 || w.ShuffleWriteBytes > 0 {
			shuffled++
		}
	}
	if ran < 2 || shuffled < 2 {
		t.Errorf("%d executors ran tasks and %d exchanged shuffle data; want both of the cluster's: %+v", ran, shuffled, work)
	}

	cfg, diags, err := doctor.LoadConfig(e.profile("{type: available-now}"))
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	rep := doctor.Run(ctx, cfg)
	var b strings.Builder
	_ = rep.WriteText(&b)
	t.Log("\n" + b.String())
	for _, c := range rep.Checks {
		if c.Name != "spark-executors" {
			continue
		}
		for _, want := range []string{"2 executors, 2 cores", "2 JVMs wrote s3a://", "2 JVMs read"} {
			if c.Status != doctor.OK || !strings.Contains(c.Detail, want) {
				t.Errorf("doctor spark-executors: %s %q, want ok and %q", c.Status, c.Detail, want)
			}
		}
	}
	if !rep.OK() {
		t.Errorf("doctor on the cluster profile found problems:\n%s", b.String())
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
	r := e.startWith(ctx, prog, func(ev events.Event) {
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

// repartitionScenario is the conformance scenario that repartitions the
// source by the grouping key before a window aggregation.
const repartitionScenario = "repartition by the grouping key before a window aggregation"

// TestClusterRepartition runs the conformance scenario that repartitions
// by the grouping key before a window aggregation on the cluster
// (deployment: cluster, checkpoints on s3a://, managed tables in a
// database created on the cluster): Spark's rows equal the local
// engine's and the scenario's, and the run's session has tasks on both
// executors, each reading and writing shuffle data (the one-partition
// topic is read by one task; the repartition spreads its rows).
func TestClusterRepartition(t *testing.T) {
	t.Parallel() // after TestClusterWorkerKilled (make test-cluster); isolated by unique names
	stack.Require(t)
	spark := stack.Spark(t)
	stack.RequireCluster(t, spark, repoRoot)
	var s *testkit.Scenario
	for _, sc := range suite.Scenarios() {
		if sc.Name == repartitionScenario {
			s = &sc
		}
	}
	if s == nil {
		t.Fatalf("no conformance scenario %q", repartitionScenario)
	}
	var rec sessions
	r := &sparkRunner{spark: spark, py: python(t), cluster: true, onEvent: rec.event}
	local := testkit.LocalRunner{}.Run(t, *s)
	remote := r.Run(t, *s)
	for _, sink := range slices.Sorted(maps.Keys(s.Want)) {
		testkit.RowsEqual(t, testkit.DropColumns(t, remote[sink], s.Ignore[sink]), testkit.DropColumns(t, local[sink], s.Ignore[sink]))
	}
	testkit.RunScenario(t, *s, fixedRunner(remote))
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	work := rec.usage(t, ctx)
	t.Logf("executors that ran the scenario's tasks: %+v", work)
	shuffled := 0
	for id, w := range work {
		if id != sparkui.DriverID && w.ShuffleReadBytes > 0 && w.ShuffleWriteBytes > 0 {
			shuffled++
		}
	}
	if shuffled < 2 {
		t.Errorf("%d executors read and wrote shuffle data, want both of the cluster's: %+v", shuffled, work)
	}
	// The repartition is Spark's own exchange in the micro-batches'
	// physical plans, besides the aggregation's.
	repart := regexp.MustCompile(`hashpartitioning\(customer_id#\d+L?, 4\), REPARTITION_BY_NUM`)
	plans := rec.plans(t, ctx)
	n := 0
	for _, p := range plans {
		if repart.MatchString(p) {
			n++
		}
	}
	t.Logf("%d of the queries' %d micro-batch plans hold the repartition's exchange", n, len(plans))
	if n == 0 {
		t.Errorf("no micro-batch plan of the scenario's queries (%d) holds %s", len(plans), repart)
	}
}
