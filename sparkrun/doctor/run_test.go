package doctor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
)

func statuses(r Report) map[string]Check {
	m := map[string]Check{}
	for _, c := range r.Checks {
		m[c.Name] = c
	}
	return m
}

// Nothing listens on port 1: Spark and Kafka fail, checks that need Spark are skipped.
func TestRunUnreachable(t *testing.T) {
	cfg, diags, err := LoadConfig(filepath.Join("testdata", "unreachable.yaml"))
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	cfg.Timeout = 15 * time.Second
	rep := Run(context.Background(), cfg)
	if rep.OK() {
		t.Fatal("OK() = true with nothing listening")
	}
	got := statuses(rep)
	for name, want := range map[string]Status{
		"spark-connect": Failed, "spark-version": Skipped, "delta": Skipped,
		"kafka:orders_kafka": Failed, "checkpoint": Skipped,
	} {
		if got[name].Status != want {
			t.Errorf("%s: status %s, want %s (%+v)", name, got[name].Status, want, got[name])
		}
	}
	if c := got["spark-connect"]; c.Code != CodeConnect && c.Code != CodeSessionTimeout {
		t.Errorf("spark-connect code = %s, want %s or %s", c.Code, CodeConnect, CodeSessionTimeout)
	}
	if c := got["kafka:orders_kafka"]; c.Code != CodeKafka && c.Code != CodeSessionTimeout {
		t.Errorf("kafka code = %s, want %s", c.Code, CodeKafka)
	}
	if !strings.Contains(got["spark-connect"].Hint, "make stack-up") {
		t.Errorf("spark-connect hint %q does not say how to start the stack", got["spark-connect"].Hint)
	}
}

func TestRunMissingEndpoints(t *testing.T) {
	rep := Run(context.Background(), Config{Timeout: time.Second})
	got := statuses(rep)
	if c := got["spark-connect"]; c.Status != Failed || c.Code != CodeConfig {
		t.Errorf("spark-connect = %+v, want failed %s", c, CodeConfig)
	}
	if len(rep.Checks) != 7 { // connect, version, deployment, delta, checkpoint, executors, codegen cache; no Kafka resource
		t.Errorf("got %d checks, want 7: %+v", len(rep.Checks), rep.Checks)
	}
}

// TestRunLiveStack runs every check against the local stack (scripts/stack.sh up),
// on the stack's endpoints and line (stackProfile). It is skipped unless
// ETLGEN_STACK=1; ETLGEN_DOCTOR_PROFILE may name another profile.
func TestRunLiveStack(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("set ETLGEN_STACK=1 with the local stack running (make stack-up)")
	}
	cfg, diags, err := LoadConfig(stackProfile(t))
	if err != nil || diags.HasErrors() {
		t.Fatal(err, diags)
	}
	rep := Run(context.Background(), cfg)
	var b strings.Builder
	_ = rep.WriteText(&b)
	t.Log("\n" + b.String())
	if !rep.OK() {
		t.Fatalf("doctor found problems on the local stack:\n%s", b.String())
	}
	if v := statuses(rep)["spark-version"].Detail; !strings.HasPrefix(v, stack.SparkLine()+".") {
		t.Errorf("spark version %q, want %s.x (the stack's line)", v, stack.SparkLine())
	}
	if d := statuses(rep)["spark-deployment"].Detail; !strings.HasPrefix(d, "spark.master local[") {
		t.Errorf("spark deployment %q, want the stack's local[N] master", d)
	}
	// the stack sets the compiled-class cache (SPARK_CODEGEN_CACHE_ENTRIES, default 2000)
	if c := statuses(rep)["spark-codegen-cache"]; !strings.HasPrefix(c.Detail, codegenCacheKey+" ") || c.Status == Failed {
		t.Errorf("codegen cache check %+v, want the server's %s", c, codegenCacheKey)
	}
	// the same server judged against a profile that says cluster: fine
	cfg.Deployment = "cluster"
	if c := statuses(Run(context.Background(), cfg))["spark-deployment"]; c.Status != OK {
		t.Errorf("a cluster profile on a local[N] server: %+v, want ok", c)
	}
}

// TestDeploymentProblem: a local profile on a server whose executors run
// elsewhere is a problem; the other pairs are not.
func TestDeploymentProblem(t *testing.T) {
	for _, tt := range []struct {
		dep, master string
		problem     bool
	}{
		{"", "local[2]", false}, {"local", "local", false}, {"local", "spark://127.0.0.1:7077", true},
		{"local", "yarn", true}, {"local", "k8s://https://api:6443", true},
		{"cluster", "spark://127.0.0.1:7077", false}, {"cluster", "local[2]", false}, {"managed", "local[*]", false},
	} {
		if got := deploymentProblem(tt.dep, tt.master) != ""; got != tt.problem {
			t.Errorf("deploymentProblem(%q, %q) reports %v, want %v", tt.dep, tt.master, got, tt.problem)
		}
	}
}
