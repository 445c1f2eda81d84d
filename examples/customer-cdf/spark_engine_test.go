package customercdf_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	customercdf "github.com/etlgen/etlgen/examples/customer-cdf"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/sparkrun"
)

// sparkEngine runs the program etlgen generates for the pipeline (profile
// profiles/spark.yaml bound to tables of its own) on the local stack.
type sparkEngine struct {
	t                      *testing.T
	prefix, py             string
	source, target, replay string
	// remote is the Spark Connect URL (ETLGEN_SPARK_REMOTE, else the
	// profile's); deployment, when set, is written on the profile's spark
	// resource.
	remote, deployment string
}

// defaultRemote is profiles/spark.yaml's connect_url.
const defaultRemote = "sc://127.0.0.1:15002"

func newSparkEngine(t *testing.T) *sparkEngine { return newSparkEngineIn(t, "default") }

// newSparkEngineIn is newSparkEngine with the tables in database db
// (created when missing).
func newSparkEngineIn(t *testing.T, db string) *sparkEngine {
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	p := fmt.Sprintf("%s.cdfeng_%d_%d", db, os.Getpid(), time.Now().UnixNano()%1e9)
	e := &sparkEngine{t: t, prefix: p, py: py, source: p + "_source", target: p + "_target", replay: p + "_rebuilt",
		remote: defaultRemote}
	if r := os.Getenv("ETLGEN_SPARK_REMOTE"); r != "" {
		e.remote = r
	}
	t.Cleanup(func() {
		e.sql("DROP TABLE IF EXISTS "+e.source, "DROP TABLE IF EXISTS "+e.target, "DROP TABLE IF EXISTS "+e.replay)
	})
	if db != "default" {
		e.sql("CREATE DATABASE IF NOT EXISTS " + db)
	}
	e.sql("CREATE TABLE " + e.source + " (customer_id BIGINT NOT NULL, name STRING NOT NULL, email STRING NOT NULL, " +
		"country STRING NOT NULL, tier STRING NOT NULL, updated_at TIMESTAMP NOT NULL) USING delta " +
		"TBLPROPERTIES (delta.enableChangeDataFeed = true)")
	return e
}

// sql runs statements and returns each one's rows.
func (e *sparkEngine) sql(stmts ...string) [][]map[string]any {
	e.t.Helper()
	cmd := exec.Command(e.py, filepath.Join("..", "..", "pyspark", "testdata", "live", "query.py"), e.remote)
	cmd.Stdin = strings.NewReader(strings.Join(stmts, "\n") + "\n")
	out, err := cmd.Output()
	if err != nil {
		msg := ""
		if ee, ok := err.(*exec.ExitError); ok {
			msg = tail(string(ee.Stderr), 2000)
		}
		e.t.Fatalf("sql %v: %v\n%s", stmts, err, msg)
	}
	var res [][]map[string]any
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		var rows []map[string]any
		if err := json.Unmarshal([]byte(line), &rows); err != nil {
			e.t.Fatalf("sql output %q: %v", line, err)
		}
		res = append(res, rows)
	}
	return res
}

// apply writes one op to the source table (one Delta version) and to the
// test's model of it.
func (e *sparkEngine) apply(src source, op sourceOp) {
	e.t.Helper()
	var values []string
	for _, c := range op.Rows {
		values = append(values, fmt.Sprintf("(%d, '%s', '%s', '%s', '%s', TIMESTAMP '%s')", c.CustomerID, c.Name, c.Email,
			c.Country, c.Tier, c.UpdatedAt.UTC().Format("2006-01-02 15:04:05")))
	}
	switch op.Op {
	case "insert":
		e.sql("INSERT INTO " + e.source + " VALUES " + strings.Join(values, ", "))
	case "update":
		e.sql("MERGE INTO " + e.source + " t USING (SELECT * FROM VALUES " + strings.Join(values, ", ") +
			" AS s(customer_id, name, email, country, tier, updated_at)) s ON t.customer_id = s.customer_id WHEN MATCHED THEN UPDATE SET *")
	case "delete":
		e.sql(fmt.Sprintf("DELETE FROM %s WHERE customer_id = %d", e.source, op.Rows[0].CustomerID))
	}
	for _, c := range op.Rows {
		if op.Op == "delete" {
			delete(src, c.CustomerID)
		} else {
			src[c.CustomerID] = c
		}
	}
}

// generate writes the program of the pipeline bound to target and a
// checkpoint root of its own into a new directory.
func (e *sparkEngine) generate(target, run string) string {
	t := e.t
	data, err := os.ReadFile("profiles/spark.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for _, r := range [][2]string{{"table: raw.customers", "table: " + e.source}, {"table: curated.customers", "table: " + target},
		{"checkpoint_root: s3a://warehouse/checkpoints", "checkpoint_root: s3a://warehouse/checkpoints/" + strings.ReplaceAll(e.prefix, ".", "/") + "/" + run},
		{`connect_url: "` + defaultRemote + `"`, `connect_url: "` + e.remote + `"`}} {
		if !strings.Contains(text, r[0]) {
			t.Fatalf("profiles/spark.yaml has no %q", r[0])
		}
		text = strings.Replace(text, r[0], r[1], 1)
	}
	if e.deployment != "" {
		text = strings.Replace(text, "    connect_url:", "    deployment: "+e.deployment+"\n    connect_url:", 1)
	}
	dir := t.TempDir()
	pf := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(pf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(pf)
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile: %v %v", err, diags)
	}
	doc := etl.DocumentOf(customercdf.Pipeline)
	m, diags := planner.Plan(doc, prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		t.Fatal(err)
	}
	if err := pyspark.Write(dir, files); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, pyspark.ProgramName(customercdf.Pipeline.ID()))
}

// run runs the program to its end (available-now).
func (e *sparkEngine) run(program string) *sparkrun.Result {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	logf, err := os.CreateTemp("", "etlgen-cdf-*.log")
	if err != nil {
		e.t.Fatal(err)
	}
	defer logf.Close()
	h, err := sparkrun.Run(ctx, program, sparkrun.RunOptions{Python: e.py, Stderr: logf})
	if err != nil {
		e.t.Fatal(err)
	}
	res, err := h.Await(ctx)
	if err != nil {
		e.t.Fatal(err)
	}
	if res.ExitCode != 0 || res.Status != "finished" {
		msg := ""
		if res.Failure != nil {
			msg = res.Failure.Code + ": " + tail(res.Failure.Message, 3000)
		}
		e.t.Fatalf("run: exit %d, status %s (program log %s): %s", res.ExitCode, res.Status, logf.Name(), msg)
	}
	_ = os.Remove(logf.Name())
	return res
}

// rows reads a customer table as sorted lines.
func (e *sparkEngine) rows(table string) []string {
	e.t.Helper()
	var out []string
	for _, r := range e.sql("SELECT customer_id, name, email, country, tier, CAST(unix_micros(updated_at) AS STRING) AS at FROM " + table)[0] {
		out = append(out, fmt.Sprintf("%v|%v|%v|%v|%v|%v", r["customer_id"], r["name"], r["email"], r["country"], r["tier"], r["at"]))
	}
	sort.Strings(out)
	return out
}

// wantRows is the target the source's latest state gives.
func wantRows(src source) []string {
	var out []string
	for _, c := range src.want() {
		out = append(out, fmt.Sprintf("%d|%s|%s|%s|%s|%d", c.CustomerID, c.Name, c.Email, c.Country, c.Tier, c.UpdatedAt.UnixMicro()))
	}
	sort.Strings(out)
	return out
}

// resumeVersion is the source version the next run reads first, from the
// last batch's end offset (index -1: that version is next; else it was
// read in full).
func resumeVersion(t *testing.T, res *sparkrun.Result) int64 {
	t.Helper()
	if len(res.Batches) == 0 {
		t.Fatal("no batch line")
	}
	raw := res.Batches[len(res.Batches)-1].EndOffsets
	var text string
	if json.Unmarshal(raw, &text) == nil { // JSON text inside a string
		raw = json.RawMessage(text)
	}
	var end struct {
		ReservoirVersion *int64 `json:"reservoirVersion"`
		Index            int64  `json:"index"`
	}
	if err := json.Unmarshal(raw, &end); err != nil || end.ReservoirVersion == nil {
		t.Fatalf("end offsets %s carry no reservoirVersion: %v", raw, err)
	}
	if end.Index >= 0 {
		return *end.ReservoirVersion + 1
	}
	return *end.ReservoirVersion
}

// TestSparkEngineCDF (ETLGEN_STACK=1): the generated program applies the
// inserts, updates and deletes of the source's Change Data Feed so that
// after every run the target equals the source's latest state; its batch
// lines end at the next source version; a new checkpoint replaying from
// version 0 rebuilds the same target.
func TestSparkEngineCDF(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("ETLGEN_STACK=1 runs against the local stack (make stack-up)")
	}
	t.Parallel() // its own tables (<db>.cdfeng_<pid>_<ns>) and checkpoints: beside the other live test of the package
	checkSparkEngineCDF(t, newSparkEngine(t))
}

// TestClusterCDF (ETLGEN_STACK=1, the stack in cluster mode: scripts/stack.sh
// up --cluster) runs TestSparkEngineCDF's runs on the standalone cluster with
// the profile's spark resource declared deployment: cluster: the source,
// target and rebuilt tables are managed tables, under the cluster's
// s3a:// warehouse, and the checkpoints on s3a://; the targets equal the
// source's state as in local mode. With ETLGEN_CLUSTER=1 a server in local
// mode fails it instead of skipping it.
func TestClusterCDF(t *testing.T) {
	if os.Getenv("ETLGEN_STACK") != "1" {
		t.Skip("ETLGEN_STACK=1 runs against the stack in cluster mode (scripts/stack.sh up --cluster)")
	}
	// A database of its own: the metastore's default database keeps the
	// location it got when it was created, a local directory when the
	// stack first ran in local mode; one created on the cluster lives
	// under its s3a:// warehouse (spark.sql.warehouse.dir).
	// The master is asked first: a database created on a local[N] server
	// would keep a local location.
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	ask := &sparkEngine{t: t, py: py, remote: defaultRemote}
	if r := os.Getenv("ETLGEN_SPARK_REMOTE"); r != "" {
		ask.remote = r
	}
	master := fmt.Sprint(ask.sql("SET spark.master")[0][0]["value"])
	if !strings.HasPrefix(master, "spark://") {
		if os.Getenv("ETLGEN_CLUSTER") == "1" {
			t.Fatalf("ETLGEN_CLUSTER=1 but spark.master is %q: start the stack with scripts/stack.sh up --cluster", master)
		}
		t.Skipf("cluster test: spark.master is %q (scripts/stack.sh up --cluster runs a cluster)", master)
	}
	e := newSparkEngineIn(t, "etlgen_cluster")
	e.deployment = "cluster"
	checkSparkEngineCDF(t, e)
	for _, table := range []string{e.source, e.target, e.replay} {
		loc := fmt.Sprint(e.sql("DESCRIBE DETAIL " + table)[0][0]["location"])
		if !strings.HasPrefix(loc, "s3a://") {
			t.Errorf("%s is at %s, want the cluster's s3a:// warehouse", table, loc)
		}
	}
}

// checkSparkEngineCDF applies conformanceRuns to e's source, runs the
// generated program after each and checks the target, the resume version
// and a rebuild from version 0.
func checkSparkEngineCDF(t *testing.T, e *sparkEngine) {
	t.Helper()
	program := e.generate(e.target, "main")
	src := source{}
	for i, ops := range conformanceRuns {
		for _, op := range ops {
			e.apply(src, op)
		}
		res := e.run(program)
		if diff := cmp.Diff(wantRows(src), e.rows(e.target)); diff != "" {
			t.Errorf("run %d: target (-want +got):\n%s", i, diff)
		}
		latest := e.sql("DESCRIBE HISTORY " + e.source + " LIMIT 1")[0][0]["version"]
		if got, want := resumeVersion(t, res), int64(latest.(float64))+1; got != want {
			t.Errorf("run %d: resume version %d, want %d (the version after the source's latest)", i, got, want)
		}
	}
	if len(src) == 0 {
		t.Fatal("the runs left an empty source")
	}
	e.run(e.generate(e.replay, "replay"))
	if diff := cmp.Diff(wantRows(src), e.rows(e.replay)); diff != "" {
		t.Errorf("replay from version 0: target (-want +got):\n%s", diff)
	}
}
