package sparkverdicts_test

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/twmb/franz-go/pkg/kgo"

	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner/sparkverdicts"
	"github.com/etlgen/etlgen/sparkrun"
)

// eventsDir holds the events every case reads: the Kafka topics', the
// file source's and the static tables' rows.
var eventsDir = filepath.Join(corpusRoot, "events")

// The run's topics: name, partitions and the JSON field keying records
// (the partition of a record is then the same on every run).
var corpusTopics = []struct {
	name       string
	partitions int32
	key        string
}{{"orders", 2, "event_id"}, {"payments", 1, "payment_id"}}

// corpusTables are the run's Delta tables: the static sides of joins and
// the Change Data Feed source (its rows inserted, then one updated).
var corpusTables = []struct {
	name, schema, rows string
	cdf                bool
	then               []string
}{
	{name: "customers", schema: "customer_id BIGINT, segment STRING", rows: "customers.jsonl"},
	{name: "orders_static", schema: "event_id STRING, order_id BIGINT, customer_id BIGINT, order_total DECIMAL(18,2), status STRING, event_time TIMESTAMP",
		rows: "orders.jsonl"},
	{name: "customers_cdf", schema: "customer_id BIGINT, segment STRING", rows: "customers.jsonl", cdf: true,
		then: []string{"UPDATE %s SET segment = 'platinum' WHERE customer_id = 2"}},
}

// stackRun is one live run of the corpus: its names on the stack, its
// directory and the jobs the harness runs.
type stackRun struct {
	t     *testing.T
	names names
	jobs  []job
	line  string // the Spark line of the server (serverLine)
}

// serverLine is the Spark line (major.minor) of the stack's server.
func serverLine(t *testing.T) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	rows := stack.Spark(t).Rows(ctx, "SELECT version()")
	v := fmt.Sprint(rows[0].At(0))
	parts := strings.SplitN(v, ".", 3)
	if len(parts) < 3 || !slices.Contains(profile.SparkLines, parts[0]+"."+parts[1]) {
		t.Fatalf("the server runs Spark %q, not one of the lines %v", v, profile.SparkLines)
	}
	return parts[0] + "." + parts[1]
}

// job is one case for the harness (testdata/harness.py).
type job struct {
	Name     string    `json:"name"`
	Kind     string    `json:"kind"` // program or equivalent
	Until    string    `json:"until"`
	Programs []program `json:"programs,omitempty"`
	Queries  []eqQuery `json:"queries,omitempty"`
	// Conf is the session conf the job runs under, set on its slot's
	// session before it starts and unset after: a program's named-source
	// settings on 4.2 (namedSourceConf).
	Conf   map[string]string `json:"conf,omitempty"`
	ran    string            // sparkverdicts.RanProgram or RanEquivalent
	etlgen etlgenState       // the verdict the run judged
}

// program is a generated program to import.
type program struct {
	Dir    string `json:"dir"`
	Path   string `json:"path"`
	Module string `json:"module"`
}

// newStackRun creates the run's topics, files and names; the tables are
// the harness's first step.
func newStackRun(t *testing.T) *stackRun {
	t.Helper()
	dir, err := os.MkdirTemp("", "etlgen-corpus-")
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("ETLGEN_CORPUS_KEEP") == "1" {
		t.Logf("keeping the run's directory %s", dir)
	} else {
		t.Cleanup(func() { _ = os.RemoveAll(dir) })
	}
	r := &stackRun{t: t, names: names{run: stack.Unique("corpus"), dir: dir}}
	r.produce()
	orders, err := os.ReadFile(filepath.Join(eventsDir, "orders.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	files := filepath.Join(dir, "files", "orders")
	if err := os.MkdirAll(files, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(files, "part-0.jsonl"), orders, 0o644); err != nil {
		t.Fatal(err)
	}
	return r
}

// produce writes the events of each topic, keyed.
func (r *stackRun) produce() {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	k := stack.NewKafka(r.t)
	for _, tp := range corpusTopics {
		topic := r.names.topic(tp.name)
		k.CreateTopic(ctx, topic, tp.partitions)
		var recs []*kgo.Record
		for _, line := range r.lines(tp.name + ".jsonl") {
			var fields map[string]any
			if err := json.Unmarshal([]byte(line), &fields); err != nil {
				r.t.Fatal(err)
			}
			recs = append(recs, &kgo.Record{Topic: topic, Key: []byte(toString(fields[tp.key])), Value: []byte(line)})
		}
		k.ProduceRecords(ctx, recs...)
	}
}

func toString(v any) string {
	b, _ := json.Marshal(v)
	return strings.Trim(string(b), `"`)
}

// lines reads the non-empty lines of an events file.
func (r *stackRun) lines(name string) []string {
	f, err := os.Open(filepath.Join(eventsDir, name))
	if err != nil {
		r.t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if s := strings.TrimSpace(sc.Text()); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// harnessSpec is the harness's input.
type harnessSpec struct {
	Remote  string            `json:"remote"`
	Slots   int               `json:"slots"`
	Timeout int               `json:"timeout"`
	Conf    map[string]string `json:"conf"`
	Setup   map[string]any    `json:"setup"`
	Jobs    []job             `json:"jobs"`
}

// setup is what the harness creates before the jobs: the database and its
// tables.
func (r *stackRun) setup() map[string]any {
	var tables []map[string]any
	for _, tb := range corpusTables {
		name := r.names.table(tb.name)
		var then []string
		for _, s := range tb.then {
			then = append(then, strings.ReplaceAll(s, "%s", name))
		}
		tables = append(tables, map[string]any{"name": name, "schema": tb.schema, "rows": r.lines(tb.rows), "cdf": tb.cdf, "then": then})
	}
	return map[string]any{"database": r.names.run, "tables": tables}
}

// harness runs every job in one Python process and returns the verdicts
// by case; the database is dropped at cleanup.
func (r *stackRun) harness(slots int) map[string]sparkverdicts.Spark {
	t := r.t
	py, err := sparkrun.FindPython()
	if err != nil {
		t.Fatal(err)
	}
	// the programs first: they take longest (a foreachBatch worker each)
	jobs := slices.Clone(r.jobs)
	slices.SortStableFunc(jobs, func(a, b job) int { return cmp.Compare(rank(a), rank(b)) })
	spec := harnessSpec{Remote: stack.SparkRemote(), Slots: slots, Timeout: 240, Conf: map[string]string{"spark.sql.shuffle.partitions": "2", "spark.databricks.delta.snapshotPartitions": "1"},
		Setup: r.setup(), Jobs: jobs}
	in, out := filepath.Join(r.names.dir, "jobs.json"), filepath.Join(r.names.dir, "results.json")
	data, err := json.MarshalIndent(spec, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(in, data, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.dropDatabase(py) })
	cmd := exec.Command(py, filepath.Join("testdata", "harness.py"), in, out)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("harness: %v\n%s", err, tail(stderr.String()))
	}
	t.Logf("harness: %s", strings.TrimSpace(stderr.String()))
	var res map[string]sparkverdicts.Spark
	raw, err := os.ReadFile(out)
	if err == nil {
		err = json.Unmarshal(raw, &res)
	}
	if err != nil {
		t.Fatal(err)
	}
	for name, s := range res {
		s.Message = strings.NewReplacer(r.names.dir, "<dir>", r.names.run, "<run>").Replace(s.Message)
		res[name] = s
	}
	return res
}

// rank orders the jobs: programs before equivalents.
func rank(j job) int {
	if j.Kind == sparkverdicts.RanProgram {
		return 0
	}
	return 1
}

// dropDatabase drops the run's database and its tables.
func (r *stackRun) dropDatabase(py string) {
	script := "import sys\nfrom pyspark.sql import SparkSession\n" +
		"SparkSession.builder.remote(sys.argv[1]).getOrCreate().sql('DROP DATABASE IF EXISTS `%s` CASCADE' % sys.argv[2])\n"
	cmd := exec.Command(py, "-c", script, stack.SparkRemote(), r.names.run)
	if out, err := cmd.CombinedOutput(); err != nil {
		r.t.Logf("drop database %s: %v\n%s", r.names.run, err, tail(string(out)))
	}
}

// tail is the end of a long output.
func tail(s string) string {
	if len(s) > 4000 {
		return "..." + s[len(s)-4000:]
	}
	return s
}
