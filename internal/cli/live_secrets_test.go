package cli

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
)

// TestLiveSecretsFromEnv runs the rate pipeline on the stack with every
// credential referenced by environment variable, named by this test: the
// S3 keys (the stack's versitygw keys under the test's own names) as the
// s3 resource's access_key_env / secret_key_env, a Spark Connect token
// (token_env: the local server has no auth; over localhost the client
// sends it on a plaintext channel), and a ${env:NAME} conf value.
//
//  1. token variable unset: exit 16, the error names the variable;
//  2. wrong S3 keys on a bucket of its own: the run fails on S3
//     authentication (exit 16) — the keys from the environment are the
//     ones S3A signs with, not the server's;
//  3. the right keys, available-now, run directly: the checkpoint and the
//     Delta table are written on s3a://;
//  4. again through `etlgen run` with a session_id in the Connect URL:
//     the new rows are written, and the conf value is read back from the
//     program's session with spark.conf.get.
//
// No value — token, S3 keys, conf value — is in a program file, its
// stdout or stderr, the CLI's output or the run report.
func TestLiveSecretsFromEnv(t *testing.T) {
	stack.Require(t)
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	s3 := stackEnv(t)
	id := strings.ReplaceAll(stack.Unique("etlgen-secrets"), "_", "-")
	good, bad := id, id+"-bad"
	pyRun(t, py, s3, s3Script, "create", good, bad)
	t.Cleanup(func() { pyRun(t, py, s3, s3Script, "delete", good, bad) })
	values := map[string]string{
		"ETLGEN_LIVE_S3_AK": s3["AWS_ACCESS_KEY_ID"], "ETLGEN_LIVE_S3_SK": s3["AWS_SECRET_ACCESS_KEY"],
		"ETLGEN_LIVE_S3_BAD_AK": "bad-" + randHex(8), "ETLGEN_LIVE_S3_BAD_SK": "bad-" + randHex(16),
		"ETLGEN_LIVE_TOKEN": "tok-" + randHex(16), "ETLGEN_LIVE_PROBE": "probe-" + randHex(8),
	}
	for k, v := range values {
		t.Setenv(k, v)
	}
	_ = os.Unsetenv("ETLGEN_LIVE_MISSING")
	dir := t.TempDir()
	sparkLog := filepath.Join(dir, "spark.log")
	t.Setenv("ETLGEN_SPARK_LOG", sparkLog)
	irFile, err := filepath.Abs(filepath.Join("..", "..", "pyspark", "testdata", "rate_source", "ir.json"))
	if err != nil {
		t.Fatal(err)
	}
	sessionID := uuid4()
	remote, err := url.Parse(stack.SparkRemote())
	if err != nil || remote.Port() == "" {
		t.Fatalf("stack's Spark Connect URL %q: %v", stack.SparkRemote(), err)
	}
	// localhost, not the stack's 127.0.0.1: the client sends the token on a
	// plaintext channel to localhost only. spark_version: the stack's line
	// (run refuses another: ETL-E702).
	profileOf := func(bucket, token, ak, sk, params string) string {
		return fmt.Sprintf(`name: live-secrets
engine: pyspark
test: true
execution: {trigger: available-now, checkpoint_root: "s3a://%[1]s/checkpoints"}
assets:
  ticks: {plugin: rate, rows_per_second: 5, num_partitions: 1}
  tagged_ticks: {plugin: delta, path: "s3a://%[1]s/ticks", write_mode: append, resource: lake}
resources:
  spark:
    connect_url: "sc://localhost:%[7]s%[5]s"
    spark_version: %[8]q
    token_env: %[2]s
    conf: {spark.etlgen.live.probe: "${env:ETLGEN_LIVE_PROBE}"}
  lake: {kind: s3, endpoint: %[6]q, access_key_env: %[3]s, secret_key_env: %[4]s}
`, bucket, token, ak, sk, params, s3["AWS_ENDPOINT_URL_S3"], remote.Port(), stack.SparkLine())
	}
	write := func(name, yaml string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var seen bytes.Buffer // everything the runs printed or wrote
	cli := func(profileFile string) (int, string, string) {
		start := time.Now()
		code, stdout, stderr := runCLI("run", "--ir", irFile, "--profile", profileFile)
		t.Logf("etlgen run %s: exit %d in %s\n%s%s", filepath.Base(profileFile), code, time.Since(start).Round(time.Second), stdout, stderr)
		seen.WriteString(stdout + stderr)
		if m := regexp.MustCompile(`report (\S+)`).FindStringSubmatch(stdout); m != nil {
			seen.Write(readAll(t, m[1]))
			for _, f := range globAll(t, filepath.Join(filepath.Dir(m[1]), "*.py")) {
				seen.Write(readAll(t, f))
			}
		}
		return code, stdout, stderr
	}

	// 1. The token's variable is not set: nothing connects.
	code, _, stderr := cli(write("missing.yaml", profileOf(good, "ETLGEN_LIVE_MISSING", "ETLGEN_LIVE_S3_AK", "ETLGEN_LIVE_S3_SK", "")))
	if code != ExitEnvironment || !strings.Contains(stderr, "environment variable ETLGEN_LIVE_MISSING") {
		t.Errorf("token unset: exit %d, stderr %q; want %d naming ETLGEN_LIVE_MISSING", code, stderr, ExitEnvironment)
	}

	// 2. Wrong keys from the environment on a bucket no session opened
	// yet (S3A caches a filesystem per bucket): S3 refuses them, where the
	// server's own credentials would have been accepted. Delta reports it
	// as a log directory it cannot create (sink-permission).
	code, _, stderr = cli(write("bad.yaml", profileOf(bad, "ETLGEN_LIVE_TOKEN", "ETLGEN_LIVE_S3_BAD_AK", "ETLGEN_LIVE_S3_BAD_SK", "")))
	if code != ExitEnvironment || !strings.Contains(stderr, "sink-permission") && !strings.Contains(stderr, "authentication") {
		t.Errorf("wrong S3 keys: exit %d, stderr %q; want %d, sink-permission or authentication", code, stderr, ExitEnvironment)
	}

	// 3. The right keys, the program run directly: its stdout and stderr.
	progDir := filepath.Join(dir, "programs")
	good3 := write("good.yaml", profileOf(good, "ETLGEN_LIVE_TOKEN", "ETLGEN_LIVE_S3_AK", "ETLGEN_LIVE_S3_SK", ""))
	if code, _, stderr := runCLI("compile", "--ir", irFile, "--profile", good3, "-o", progDir); code != ExitOK {
		t.Fatalf("compile: exit %d: %s", code, stderr)
	}
	program := filepath.Join(progDir, pyspark.ProgramName("rate-ticks"))
	seen.Write(readAll(t, program))
	var stdout, programErr bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	h, err := sparkrun.Run(ctx, program, sparkrun.RunOptions{Python: py, Stderr: &programErr,
		OnEvent: func(ev events.Event) { stdout.Write(append(ev.Raw, '\n')) }})
	if err != nil {
		t.Fatal(err)
	}
	res, err := h.Await(ctx)
	if err != nil {
		t.Fatal(err)
	}
	seen.Write(stdout.Bytes())
	seen.Write(programErr.Bytes())
	if res.ExitCode != 0 || res.Status != "finished" {
		t.Fatalf("run 3: exit %d, status %s: %+v\n%s", res.ExitCode, res.Status, res.Failure, tailOf(programErr.Bytes()))
	}

	// 4. Through etlgen run, in a session this test can attach to.
	code, out, _ := cli(write("session.yaml", profileOf(good, "ETLGEN_LIVE_TOKEN", "ETLGEN_LIVE_S3_AK", "ETLGEN_LIVE_S3_SK", "/;session_id="+sessionID)))
	if code != ExitOK || !strings.Contains(out, "checkpoint-recovery") {
		t.Fatalf("run 4: exit %d, want 0 resuming the checkpoint on s3a://", code)
	}
	got := pyRun(t, py, s3, readBackScript, sessionID, "s3a://"+good+"/ticks", remote.Port())
	var back struct {
		Probe string
		Rows  int64
	}
	if err := json.Unmarshal(got, &back); err != nil {
		t.Fatalf("read back %q: %v", got, err)
	}
	t.Logf("read back: %d rows in s3a://%s/ticks; the session's probe conf is set: %v", back.Rows, good, back.Probe == values["ETLGEN_LIVE_PROBE"])
	if back.Probe != values["ETLGEN_LIVE_PROBE"] {
		t.Error("spark.conf.get(spark.etlgen.live.probe) in the program's session is not the ${env:ETLGEN_LIVE_PROBE} value")
	}
	if back.Rows == 0 {
		t.Error("no rows written to the Delta table on s3a://")
	}
	seen.Write(readAll(t, sparkLog))
	for name, v := range values {
		if bytes.Contains(seen.Bytes(), []byte(v)) {
			t.Errorf("the value of %s is in a program, its output, the CLI's output or a run report", name)
		}
	}
	if seen.Len() < 1000 {
		t.Errorf("only %d bytes of output and files were checked", seen.Len())
	}
}

// s3Script creates or deletes buckets (and their objects) with the
// stack's keys: python s3.py create|delete BUCKET...
const s3Script = `
import os, sys, boto3
s3 = boto3.resource("s3", endpoint_url=os.environ["AWS_ENDPOINT_URL_S3"], region_name="us-east-1")
for name in sys.argv[2:]:
    b = s3.Bucket(name)
    if sys.argv[1] == "create":
        b.create()
    else:
        b.objects.all().delete()
        b.delete()
print("{}")
`

// readBackScript attaches to the program's session (its session_id) and
// prints the probe conf and the rows of the Delta table at a path:
// python -c SCRIPT SESSION_ID PATH CONNECT_PORT (the stack's port, on localhost).
const readBackScript = `
import json, sys
from pyspark.sql import SparkSession
spark = SparkSession.builder.remote("sc://localhost:%s/;session_id=%s" % (sys.argv[3], sys.argv[1])).getOrCreate()
out = {"Probe": spark.conf.get("spark.etlgen.live.probe", None), "Rows": spark.read.format("delta").load(sys.argv[2]).count()}
spark.stop()
print(json.dumps(out))
`

// pyRun runs a Python script with the stack's S3 variables and returns
// its stdout.
func pyRun(t *testing.T, py string, env map[string]string, script string, args ...string) []byte {
	t.Helper()
	cmd := exec.Command(py, append([]string{"-c", script}, args...)...)
	cmd.Env = os.Environ()
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("python %v: %v\n%s", args, err, tailOf(stderr))
	}
	return bytes.TrimSpace(out)
}

// stackEnv is what `scripts/stack.sh env` exports (the S3 endpoint and
// keys of the stack).
func stackEnv(t *testing.T) map[string]string {
	t.Helper()
	out, err := exec.Command(filepath.Join("..", "..", "scripts", "stack.sh"), "env").Output()
	if err != nil {
		t.Fatalf("scripts/stack.sh env: %v", err)
	}
	env := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if k, v, ok := strings.Cut(strings.TrimPrefix(sc.Text(), "export "), "="); ok {
			env[k] = strings.Trim(v, `'"`)
		}
	}
	for _, k := range []string{"AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_ENDPOINT_URL_S3"} {
		if env[k] == "" {
			t.Fatalf("scripts/stack.sh env exports no %s", k)
		}
	}
	return env
}

func readAll(t *testing.T, path string) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func globAll(t *testing.T, pattern string) []string {
	t.Helper()
	files, err := filepath.Glob(pattern)
	if err != nil || len(files) == 0 {
		t.Fatalf("no files %s: %v", pattern, err)
	}
	return files
}

func randHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// uuid4 is a random version-4 UUID (Spark Connect's session_id format).
func uuid4() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	b[6], b[8] = b[6]&0x0f|0x40, b[8]&0x3f|0x80
	h := hex.EncodeToString(b)
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func tailOf(b []byte) string {
	if len(b) > 3000 {
		b = b[len(b)-3000:]
	}
	return string(b)
}
