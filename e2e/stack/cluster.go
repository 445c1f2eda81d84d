package stack

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// EnvCluster is the variable `make test-cluster` sets: with it, a cluster
// test fails, instead of skipping, when the server is not a cluster's driver.
const EnvCluster = "ETLGEN_CLUSTER"

// Default UIs of scripts/stack.sh in cluster mode.
const (
	DefaultMasterUI = "http://127.0.0.1:8080"
	DefaultDriverUI = "http://127.0.0.1:4040"
)

// Cluster is the stack's Spark standalone cluster (scripts/stack.sh up
// --cluster): its master's and driver's UIs and its worker processes.
type Cluster struct {
	t        testing.TB
	Master   string // spark.master of the Connect server, spark://…
	MasterUI string // the master's web UI
	DriverUI string // the Connect server's Spark UI (REST API under /api/v1)
	root     string // the repository, where scripts/stack.sh is
}

// RequireCluster skips t unless the stack's Spark Connect server submits to
// a standalone master (spark://); with ETLGEN_CLUSTER=1 a server in local
// mode fails t instead, so a cluster job cannot pass by skipping. root is
// the repository root.
func RequireCluster(t testing.TB, s *Session, root string) *Cluster {
	t.Helper()
	Require(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	rows := s.Rows(ctx, "SET spark.master")
	master := ""
	if len(rows) == 1 && rows[0].Len() == 2 {
		master = fmt.Sprint(rows[0].At(1))
	}
	if !strings.HasPrefix(master, "spark://") {
		if os.Getenv(EnvCluster) == "1" {
			t.Fatalf("%s=1 but the Spark server's spark.master is %q: start it with scripts/stack.sh up --cluster", EnvCluster, master)
		}
		t.Skipf("cluster test: the Spark server's spark.master is %q (scripts/stack.sh up --cluster runs one)", master)
	}
	return &Cluster{t: t, Master: master, root: root,
		MasterUI: envOr("ETLGEN_SPARK_MASTER_UI", DefaultMasterUI), DriverUI: envOr("ETLGEN_SPARK_UI", DefaultDriverUI)}
}

// Executor is one executor of the Connect server's application, as the
// Spark UI's REST API reports it: cumulative task and shuffle figures.
type Executor struct {
	ID           string `json:"id"`
	HostPort     string `json:"hostPort"`
	IsActive     bool   `json:"isActive"`
	TotalTasks   int64  `json:"totalTasks"`
	ShuffleRead  int64  `json:"totalShuffleRead"`
	ShuffleWrite int64  `json:"totalShuffleWrite"`
}

// Executors lists the application's executors (the driver left out), lost
// ones included, by id.
func (c *Cluster) Executors(ctx context.Context) map[string]Executor {
	c.t.Helper()
	var apps []struct {
		ID string `json:"id"`
	}
	c.getJSON(ctx, c.DriverUI+"/api/v1/applications", &apps)
	if len(apps) == 0 {
		c.t.Fatalf("%s: no application", c.DriverUI)
	}
	var list []Executor
	c.getJSON(ctx, c.DriverUI+"/api/v1/applications/"+apps[0].ID+"/allexecutors", &list)
	out := map[string]Executor{}
	for _, e := range list {
		if e.ID != "driver" {
			out[e.ID] = e
		}
	}
	return out
}

// ActiveExecutors waits until the application has n active executors (a
// restarted worker's new executor takes a few seconds to register) and
// reports whether it got them.
func (c *Cluster) ActiveExecutors(ctx context.Context, n int, timeout time.Duration) bool {
	c.t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		active := 0
		for _, e := range c.Executors(ctx) {
			if e.IsActive {
				active++
			}
		}
		if active >= n {
			return true
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return false
		}
		time.Sleep(2 * time.Second)
	}
}

func (c *Cluster) getJSON(ctx context.Context, url string, v any) {
	c.t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		c.t.Fatalf("GET %s: %s", url, resp.Status)
	}
	if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
		c.t.Fatalf("GET %s: %v", url, err)
	}
}

// stackDir is the stack's runtime directory (ETLGEN_STACK_DIR, else
// .stack/ in the repository).
func (c *Cluster) stackDir() string {
	if d := os.Getenv("ETLGEN_STACK_DIR"); d != "" {
		return d
	}
	return filepath.Join(c.root, ".stack")
}

// KillWorker kills worker n (1-based) and its executors with SIGKILL: the
// worker JVM leads a process group (stack.sh starts it with setsid) that
// its executor JVMs belong to. It returns the number of processes killed.
// It reports errors rather than failing the test: it may be called from a
// run's event callback, outside the test's goroutine.
func (c *Cluster) KillWorker(n int) (int, error) {
	b, err := os.ReadFile(filepath.Join(c.stackDir(), "run", "worker"+strconv.Itoa(n)+".pid"))
	if err != nil {
		return 0, fmt.Errorf("worker %d: %w", n, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return 0, fmt.Errorf("worker %d pid file: %w", n, err)
	}
	out, _ := exec.Command("pgrep", "-g", strconv.Itoa(pid)).Output()
	procs := len(strings.Fields(string(out)))
	if err := syscall.Kill(-pid, syscall.SIGKILL); err != nil {
		return 0, fmt.Errorf("kill -9 worker %d's process group %d: %w", n, pid, err)
	}
	return procs, nil
}

// Up runs scripts/stack.sh up --cluster: it starts what is not running, a
// killed worker among it, and waits until it is ready.
func (c *Cluster) Up(ctx context.Context) {
	c.t.Helper()
	cmd := exec.CommandContext(ctx, filepath.Join(c.root, "scripts", "stack.sh"), "up", "--cluster")
	if out, err := cmd.CombinedOutput(); err != nil {
		c.t.Fatalf("scripts/stack.sh up --cluster: %v\n%s", err, out)
	}
}
