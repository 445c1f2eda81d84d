package e2e_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/apache/spark-connect-go/spark/sql/types"
	"github.com/shopspring/decimal"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/e2e/stack"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	"github.com/etlgen/etlgen/planner"
	icebergplugin "github.com/etlgen/etlgen/plugins/iceberg"
	"github.com/etlgen/etlgen/pyspark"
	"github.com/etlgen/etlgen/pyspark/events"
	"github.com/etlgen/etlgen/sparkrun"
	"github.com/etlgen/etlgen/testkit"
	"github.com/etlgen/etlgen/testkit/conformance/suite"
)

// TestConformance (ETLGEN_STACK=1) runs every scenario of the conformance
// suite on the local engine and, through the generated PySpark program, on
// Spark: payload sources are Kafka topics (file-json late routing has its
// own live test, pyspark/live_late_files_test.go), source tables are
// CDF-enabled Delta tables changed with SQL, sinks are Delta tables; each
// arrival is one available-now run. Spark's rows, the
// local engine's rows and the scenario's Want must be identical.
func TestConformance(t *testing.T) {
	t.Parallel() // after the tests that kill processes (doc.go, "Running"); isolated by unique names
	stack.Require(t)
	start := time.Now()
	py := python(t)
	t.Cleanup(func() {
		t.Logf("%d scenarios on Spark and the local engine in %s", len(suite.Scenarios()), time.Since(start).Round(time.Second))
	})
	for _, s := range suite.Scenarios() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel() // each scenario has its own database, topics and checkpoints
			conformanceCase(t, s, &sparkRunner{spark: stack.Spark(t), py: py})
		})
	}
}

// conformanceCase runs one scenario on the local engine and on Spark: the
// rows of every sink of its Want must be the same on both, and the
// scenario's Want.
func conformanceCase(t *testing.T, s testkit.Scenario, spark *sparkRunner) {
	local := testkit.LocalRunner{}.Run(t, s)
	remote := spark.Run(t, s)
	for _, sink := range slices.Sorted(maps.Keys(s.Want)) {
		testkit.RowsEqual(t, testkit.DropColumns(t, remote[sink], s.Ignore[sink]),
			testkit.DropColumns(t, local[sink], s.Ignore[sink]))
	}
	testkit.RunScenario(t, s, fixedRunner(remote))
}

// TestConformanceIceberg (ETLGEN_STACK=1 and ETLGEN_LIVE_ICEBERG=1: a
// developer's run, beyond the CI budget) runs the conformance scenarios
// that apply to sinks with every sink an Iceberg table (idempotent appends
// through foreachBatch): Spark's rows must be the local engine's and the
// scenario's Want, as with Delta sinks. A scenario whose sink applies a
// Change Data Feed's changes is skipped: Iceberg has no such write mode.
// On a Spark line without an Iceberg runtime (4.2) the profile is refused
// (ETL-P361), so it runs on 4.1.
func TestConformanceIceberg(t *testing.T) {
	stack.Require(t)
	if os.Getenv("ETLGEN_LIVE_ICEBERG") != "1" {
		t.Skip("set ETLGEN_LIVE_ICEBERG=1 to run the conformance scenarios with Iceberg sinks (many minutes)")
	}
	t.Parallel()
	py := python(t)
	for _, s := range suite.Scenarios() {
		t.Run(s.Name, func(t *testing.T) {
			t.Parallel()
			conformanceCase(t, s, &sparkRunner{spark: stack.Spark(t), py: py, iceberg: true})
		})
	}
}

// fixedRunner returns rows already read.
type fixedRunner map[string][]string

func (f fixedRunner) Run(testing.TB, testkit.Scenario) map[string][]string { return f }

// sparkRunner runs a scenario through the generated PySpark program on the
// stack's Spark Connect server.
type sparkRunner struct {
	spark *stack.Session
	py    string
	// cluster: the server drives a cluster; the profile says deployment:
	// cluster and the checkpoints are on s3a:// (the tables are managed,
	// in a database created on the cluster: under its s3a:// warehouse).
	cluster bool
	// onEvent, when set, sees every line of the programs.
	onEvent func(events.Event)
	// iceberg binds the sinks to the iceberg plugin: tables of a Hadoop
	// catalog of the scenario's own, its warehouse under the scenario's
	// S3 prefix (the sources and static quarantines stay Delta).
	iceberg bool
}

// sparkScenario is one scenario's isolated copy on the stack: a database
// for its tables, a directory per payload source, a checkpoint root.
type sparkScenario struct {
	tb        testing.TB
	s         testkit.Scenario
	pipe      *ir.Pipeline
	contracts map[string]*contracts.Contract
	db, dir   string
	program   string
	kafka     *stack.Kafka
	topics    map[string]bool // payload sources with their topic
	cluster   bool            // sparkRunner.cluster
	// catalog and warehouse are the Iceberg catalog of the sinks
	// (sparkRunner.iceberg); "" for Delta sinks.
	catalog, warehouse string
	// locations are the source tables' locations (DESCRIBE DETAIL), by asset:
	// the delta-cdf sources are bound by path.
	locations map[string]string
}

// Run compiles the scenario's pipeline once, then per arrival produces the
// payloads and commits the table changes and runs the program to its end;
// it returns every sink's rows in canonical JSON.
func (r *sparkRunner) Run(tb testing.TB, s testkit.Scenario) map[string][]string {
	tb.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	sc := &sparkScenario{tb: tb, s: s, db: stack.Unique("conf"), dir: stack.TempDir(tb), contracts: map[string]*contracts.Contract{},
		cluster: r.cluster}
	if os.Getenv("ETLGEN_CONFORMANCE_KEEP") == "1" {
		dir, err := os.MkdirTemp("", "etlgen-conformance-")
		if err != nil {
			tb.Fatal(err)
		}
		sc.dir = dir
	}
	doc := etl.DocumentOf(s.Pipeline)
	for i := range doc.Contracts {
		sc.contracts[doc.Contracts[i].ID] = &doc.Contracts[i]
	}
	for i := range doc.Pipelines {
		if doc.Pipelines[i].ID == s.Pipeline.ID() {
			sc.pipe = &doc.Pipelines[i]
		}
	}
	r.query(tb, ctx, "CREATE DATABASE "+sc.db)
	if r.iceberg {
		sc.icebergSinks(r, ctx)
	}
	tb.Cleanup(func() {
		if os.Getenv("ETLGEN_CONFORMANCE_KEEP") == "1" {
			tb.Logf("kept database %s and directory %s (ETLGEN_CONFORMANCE_KEEP=1)", sc.db, sc.dir)
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		_, _ = r.spark.Query(ctx, "DROP DATABASE IF EXISTS "+sc.db+" CASCADE")
	})
	sc.locations = map[string]string{}
	for _, asset := range slices.Sorted(maps.Keys(s.Tables)) {
		c := sc.contract(s.Tables[asset].Contract)
		r.query(tb, ctx, sparksql.CreateTableDDL(sc.table(asset), c)+" TBLPROPERTIES (delta.enableChangeDataFeed = true)")
		sc.locations[asset] = r.location(tb, ctx, sc.table(asset))
	}
	sc.kafka, sc.topics = stack.NewKafka(tb), map[string]bool{}
	for _, ex := range sc.pipe.Extracts {
		if _, ok := s.Tables[ex.Asset]; !ok {
			sc.kafka.CreateTopic(ctx, sc.topic(ex.Asset), 1)
			sc.topics[ex.Asset] = true
		}
	}
	sc.compile(doc)
	var tally testkit.ExpectationTally // the batch lines' counts (testkit.ExpectationCounts)
	var gates testkit.GateTally        // and gate verdicts (testkit.GateVerdicts)
	for i, a := range s.Arrivals {
		for _, c := range a.Changes {
			r.query(tb, ctx, sc.changeSQL(c))
		}
		for _, asset := range slices.Sorted(maps.Keys(a.Payloads)) {
			if !sc.topics[asset] {
				tb.Fatalf("scenario %s: payloads for %s, which is not a payload source of the pipeline", s.Name, asset)
			}
			var values [][]byte
			for _, p := range a.Payloads[asset] {
				values = append(values, []byte(p))
			}
			sc.kafka.Produce(ctx, sc.topic(asset), values...)
		}
		tb.Logf("arrival %d", i+1)
		if a.WantFailure != "" {
			r.runToFailure(tb, ctx, sc.program, a.WantFailure)
			continue
		}
		for _, b := range r.runToEnd(tb, ctx, sc.program).Batches {
			for _, e := range b.Expectations {
				tally.Add(b.Query, e.Name, e.Action, e.Passed, e.Failed)
			}
			for _, g := range b.Gates {
				gates.Add(b.Query, g.Name, b.BatchID, g.Value, g.Breached)
			}
		}
	}
	existing := r.tables(tb, ctx, sc.db)
	sinks := existing
	if sc.catalog != "" {
		sinks = r.tables(tb, ctx, sc.catalog+"."+sc.db)
	}
	out := map[string][]string{testkit.ExpectationCounts: tally.Rows(), testkit.GateVerdicts: gates.Rows()}
	for _, ld := range sc.pipe.Loads {
		if !sinks[ld.Asset] { // no micro-batch ever wrote to it
			tb.Logf("sink %s: Spark created no table %s", ld.Asset, sc.sinkTable(ld.Asset))
			out[ld.Asset] = []string{}
			continue
		}
		c := sc.contract(ld.Contract)
		if ld.Changes != nil {
			c = sc.contract(ld.Changes.Target)
		}
		out[ld.Asset] = r.read(tb, ctx, sc.sinkTable(ld.Asset), c)
	}
	for _, st := range sc.s.Tables {
		if st.Quarantine == "" {
			continue
		}
		out[st.Quarantine] = []string{}
		if existing[st.Quarantine] {
			out[st.Quarantine] = r.read(tb, ctx, sc.table(st.Quarantine), contracts.RejectionContract())
		}
	}
	return out
}

func (sc *sparkScenario) contract(id string) *contracts.Contract {
	c, ok := sc.contracts[id]
	if !ok {
		sc.tb.Fatalf("scenario %s: no contract %s in the pipeline's document", sc.s.Name, id)
	}
	return c
}

func (sc *sparkScenario) table(asset string) string { return sc.db + "." + asset }

// sinkTable is the table of a sink: in the scenario's database, or in its
// namespace of the Iceberg catalog.
func (sc *sparkScenario) sinkTable(asset string) string {
	if sc.catalog != "" {
		return sc.catalog + "." + sc.table(asset)
	}
	return sc.table(asset)
}

// icebergSinks gives the scenario an Iceberg catalog of its own for its
// sinks, configured in the runner's session too (it reads them), its
// warehouse under an S3 prefix removed at the end. A sink that applies
// changes (Load.Changes) has no Iceberg write mode: the scenario is
// skipped.
func (sc *sparkScenario) icebergSinks(r *sparkRunner, ctx context.Context) {
	for _, ld := range sc.pipe.Loads {
		if ld.Changes != nil {
			sc.tb.Skipf("sink %s applies changes (a CDF MERGE): the iceberg plugin has no such write mode", ld.Asset)
		}
	}
	sc.catalog, sc.warehouse = "ice_"+strings.TrimPrefix(sc.db, "conf_"), "s3a://warehouse/e2e/"+sc.db+"/iceberg"
	conf := icebergplugin.CatalogConf(sc.catalog, sc.warehouse)
	for _, k := range slices.Sorted(maps.Keys(conf)) {
		r.query(sc.tb, ctx, "SET "+k+"="+conf[k])
	}
	sc.tb.Cleanup(func() { removeS3Prefix(sc.tb, "e2e/"+sc.db) })
}

// location is the location of a Delta table (DESCRIBE DETAIL): a
// file: URI in local mode, an s3a:// one for a database created in
// cluster mode.
func (r *sparkRunner) location(tb testing.TB, ctx context.Context, table string) string {
	tb.Helper()
	rows := r.query(tb, ctx, "DESCRIBE DETAIL "+table)
	if len(rows) != 1 {
		tb.Fatalf("describe detail %s: %d rows, want 1", table, len(rows))
	}
	loc, _ := rows[0].Value("location").(string)
	if loc == "" {
		tb.Fatalf("describe detail %s: no location", table)
	}
	return loc
}

// tables are the names of the tables in namespace ns (a database, or an
// Iceberg catalog's catalog.namespace); none when ns does not exist.
func (r *sparkRunner) tables(tb testing.TB, ctx context.Context, ns string) map[string]bool {
	tb.Helper()
	rows, err := r.spark.Query(ctx, "SHOW TABLES IN "+ns)
	if err != nil {
		tb.Logf("show tables in %s: %v", ns, err)
		return map[string]bool{}
	}
	out := map[string]bool{}
	for _, row := range rows {
		name, _ := row.Value("tableName").(string)
		out[name] = true
	}
	return out
}

func (sc *sparkScenario) topic(asset string) string { return sc.db + "_" + asset }

// compile writes the scenario's profile and generates the program.
func (sc *sparkScenario) compile(doc *ir.Document) {
	tb := sc.tb
	var b strings.Builder
	fmt.Fprintf(&b, "name: conformance\nengine: pyspark\ntest: true\nexecution:\n  mode: structured-streaming\n")
	if !sc.readsCDF() { // a pipeline reading a Change Data Feed runs available-now without a trigger
		b.WriteString("  trigger: {type: available-now}\n")
	}
	root := filepath.Join(sc.dir, "checkpoints")
	if sc.cluster {
		root = "s3a://warehouse/e2e/" + sc.db + "/checkpoints"
	}
	fmt.Fprintf(&b, "  checkpoint_root: %q\n  stop_policy: finish-batch\n  stop_timeout: 2m\nassets:\n", root)
	for _, ex := range sc.pipe.Extracts {
		if st, ok := sc.s.Tables[ex.Asset]; ok && st.Static {
			if st.Quarantine != "" {
				fmt.Fprintf(&b, "  %s: {plugin: delta, table: %s, quarantine: %s}\n  %s: {plugin: delta, table: %s}\n",
					ex.Asset, sc.table(ex.Asset), st.Quarantine, st.Quarantine, sc.table(st.Quarantine))
				continue
			}
			fmt.Fprintf(&b, "  %s: {plugin: delta, table: %s}\n", ex.Asset, sc.table(ex.Asset))
			continue
		} else if ok {
			// By path on every line: on 4.2 a stream read by table name cannot carry
			// the source name the program gives it (ETL-P423). The 4.1 binding by
			// table name runs live in examples/customer-cdf.
			fmt.Fprintf(&b, "  %s: {plugin: delta-cdf, path: %q, starting_version: 0}\n", ex.Asset, sc.locations[ex.Asset])
			continue
		}
		fmt.Fprintf(&b, "  %s: {plugin: kafka-json, resource: conformance_kafka, topic: %s, starting_offsets: earliest}\n",
			ex.Asset, sc.topic(ex.Asset))
	}
	for _, ld := range sc.pipe.Loads {
		mode := "append"
		if ld.Changes != nil {
			mode = "foreach-batch-merge"
		}
		if sc.catalog != "" {
			fmt.Fprintf(&b, "  %s: {plugin: iceberg, catalog: %s, warehouse: %q, table: %s, write_mode: %s}\n",
				ld.Asset, sc.catalog, sc.warehouse, sc.table(ld.Asset), mode)
			continue
		}
		fmt.Fprintf(&b, "  %s: {plugin: delta, table: %s, write_mode: %s}\n", ld.Asset, sc.table(ld.Asset), mode)
	}
	fmt.Fprintf(&b, "resources:\n  spark:\n    connect_url: %q\n    session_timezone: UTC\n    spark_version: %q\n", stack.SparkRemote(), stack.SparkLine())
	if sc.cluster {
		b.WriteString("    deployment: cluster\n")
	}
	fmt.Fprintf(&b, "  conformance_kafka:\n    kind: kafka\n    bootstrap_servers: %q\n    security_protocol: PLAINTEXT\n", stack.KafkaBootstrap())
	pf := filepath.Join(sc.dir, "profile.yaml")
	if err := os.WriteFile(pf, []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	prof, diags, err := profile.Load(pf)
	if err != nil || diags.HasErrors() {
		tb.Fatalf("profile %s: %v %v\n%s", pf, err, diags, b.String())
	}
	m, diags := planner.Plan(doc, prof, planner.Options{Pipelines: []string{sc.pipe.ID}})
	if diags.HasErrors() {
		tb.Fatalf("plan: %v\n%s", diags, b.String())
	}
	files, err := pyspark.Generate(m)
	if err != nil {
		tb.Fatal(err)
	}
	out := filepath.Join(sc.dir, "program")
	if err := pyspark.Write(out, files); err != nil {
		tb.Fatal(err)
	}
	sc.program = filepath.Join(out, pyspark.ProgramName(sc.pipe.ID))
}

// readsCDF reports whether a source table of the scenario is a Change
// Data Feed (not a static table).
func (sc *sparkScenario) readsCDF() bool {
	for _, st := range sc.s.Tables {
		if !st.Static {
			return true
		}
	}
	return false
}

// changeSQL is the statement committing c as one version of its table:
// rows are parsed from their JSON with from_json and the table's schema.
func (sc *sparkScenario) changeSQL(c testkit.TableChange) string {
	st, ok := sc.s.Tables[c.Asset]
	if !ok {
		sc.tb.Fatalf("scenario %s: change to %s, which is not one of its tables", sc.s.Name, c.Asset)
	}
	ct := sc.contract(st.Contract)
	var cols []string
	for _, f := range ct.Fields {
		cols = append(cols, sparksql.QuoteIdent(f.Name)+" "+sparksql.SQLType(f.Type))
	}
	var values []string
	for _, r := range c.Rows {
		values = append(values, "("+sparksql.QuoteString(r)+")")
	}
	rows := fmt.Sprintf("SELECT j.* FROM (SELECT from_json(v, %s) AS j FROM VALUES %s AS r(v))",
		sparksql.QuoteString(strings.Join(cols, ", ")), strings.Join(values, ", "))
	var on []string
	for _, k := range st.Keys {
		on = append(on, "t."+sparksql.QuoteIdent(k)+" = s."+sparksql.QuoteIdent(k))
	}
	table := sc.table(c.Asset)
	switch c.Op {
	case testkit.OpInsert:
		return "INSERT INTO " + table + " " + rows
	case testkit.OpUpdate:
		return "MERGE INTO " + table + " t USING (" + rows + ") s ON " + strings.Join(on, " AND ") + " WHEN MATCHED THEN UPDATE SET *"
	case testkit.OpDelete:
		return "MERGE INTO " + table + " t USING (" + rows + ") s ON " + strings.Join(on, " AND ") + " WHEN MATCHED THEN DELETE"
	}
	sc.tb.Fatalf("unknown table operation %q", c.Op)
	return ""
}

// query runs a statement on the runner's session and collects its rows;
// a failure fails tb.
func (r *sparkRunner) query(tb testing.TB, ctx context.Context, q string) []types.Row {
	tb.Helper()
	rows, err := r.spark.Query(ctx, q)
	if err != nil {
		tb.Fatal(err)
	}
	return rows
}

// runToEnd runs the program until it exits (available-now) and returns its
// result; a start that fails only because the foreachBatch Python worker
// did not connect back in time is retried (no batch ran).
func (r *sparkRunner) runToEnd(tb testing.TB, ctx context.Context, prog string) *sparkrun.Result {
	tb.Helper()
	for attempt := 1; ; attempt++ {
		stderr := &bytes.Buffer{}
		h, err := sparkrun.Run(ctx, prog, sparkrun.RunOptions{Python: r.py, Stderr: &lockedWriter{w: stderr}, OnEvent: r.onEvent})
		if err != nil {
			tb.Fatalf("start %s: %v", prog, err)
		}
		begin := time.Now()
		res, err := h.Await(ctx)
		if err != nil && res == nil {
			tb.Fatalf("await %s: %v", prog, err)
		}
		if res.ExitCode == 0 && res.Status == "finished" {
			tb.Logf("run: %d batch lines in %s", len(res.Batches), time.Since(begin).Round(100*time.Millisecond))
			return res
		}
		if attempt < 3 && len(res.Batches) == 0 && workerStartFailure(res, stderr.String()) {
			tb.Logf("attempt %d: the foreachBatch Python worker did not connect back in time; retrying", attempt)
			continue
		}
		tb.Fatalf("program %s with exit %d, failure %+v\nstderr (tail):\n%s", res.Status, res.ExitCode, res.Failure, tail(stderr.String(), 60))
	}
}

// runToFailure runs the program once: it must fail, with want in its
// failure's message (the checkpoint keeps the failed batch for the next
// run).
func (r *sparkRunner) runToFailure(tb testing.TB, ctx context.Context, prog, want string) {
	tb.Helper()
	stderr := &bytes.Buffer{}
	h, err := sparkrun.Run(ctx, prog, sparkrun.RunOptions{Python: r.py, Stderr: &lockedWriter{w: stderr}, OnEvent: r.onEvent})
	if err != nil {
		tb.Fatalf("start %s: %v", prog, err)
	}
	res, err := h.Await(ctx)
	if err != nil && res == nil {
		tb.Fatalf("await %s: %v", prog, err)
	}
	if res.Status != "failed" || res.Failure == nil || !strings.Contains(res.Failure.Message, want) {
		tb.Fatalf("program %s with exit %d, failure %+v; want a failure with %q\nstderr (tail):\n%s",
			res.Status, res.ExitCode, res.Failure, want, tail(stderr.String(), 60))
	}
	tb.Logf("run: failed as expected (%s)", res.Failure.Code)
}

// sparkTimestamp is the format the sink rows are read in: microseconds and
// the UTC offset.
const sparkTimestamp = "yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX"

// read returns the rows of a sink table in canonical JSON (localengine.EncodeRow
// of contract c), after checking the table's column types against c.
func (r *sparkRunner) read(tb testing.TB, ctx context.Context, table string, c *contracts.Contract) []string {
	tb.Helper()
	r.checkTypes(tb, ctx, table, c)
	q := fmt.Sprintf("SELECT to_json(struct(*), map('timestampFormat', %s, 'ignoreNullFields', 'false')) FROM %s",
		sparksql.QuoteString(sparkTimestamp), table)
	schema := localengine.SchemaOf(c)
	var out []string
	for _, row := range r.query(tb, ctx, q) {
		text, _ := row.At(0).(string)
		dec := json.NewDecoder(strings.NewReader(text))
		dec.UseNumber()
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			tb.Fatalf("%s: row %q: %v", table, text, err)
		}
		if len(m) != len(c.Fields) {
			tb.Errorf("%s: row %s has %d columns, the contract %d", table, text, len(m), len(c.Fields))
		}
		vals := make(localengine.Row, len(c.Fields))
		for i, f := range c.Fields {
			v, err := canonicalValue(m[f.Name], f.Type)
			if err != nil {
				tb.Errorf("%s: row %s: column %s: %v", table, text, f.Name, err)
			}
			vals[i] = v
		}
		out = append(out, string(localengine.EncodeRow(schema, vals)))
	}
	return out
}

// canonicalValue converts a value of Spark's JSON writer to the local
// engine's value of type t, failing when its JSON kind is not t's (a
// decimal must carry exactly t's scale).
func canonicalValue(v any, t contracts.Type) (any, error) {
	if v == nil {
		return nil, nil
	}
	switch t.Kind {
	case contracts.KindString:
		if s, ok := v.(string); ok {
			return s, nil
		}
	case contracts.KindBool:
		if b, ok := v.(bool); ok {
			return b, nil
		}
	case contracts.KindInt32, contracts.KindInt64:
		if n, ok := v.(json.Number); ok {
			return n.Int64()
		}
	case contracts.KindFloat64:
		if n, ok := v.(json.Number); ok {
			return n.Float64()
		}
	case contracts.KindDecimal:
		if n, ok := v.(json.Number); ok {
			d, err := decimal.NewFromString(n.String())
			if err != nil {
				return nil, err
			}
			if got := d.StringFixed(int32(t.Scale)); got != n.String() {
				return nil, fmt.Errorf("decimal %s is not at scale %d", n, t.Scale)
			}
			return d, nil
		}
	case contracts.KindTimestamp:
		if s, ok := v.(string); ok {
			return time.Parse("2006-01-02T15:04:05.000000Z07:00", s)
		}
	case contracts.KindDate:
		if s, ok := v.(string); ok {
			return contracts.ParseDate(s)
		}
	case contracts.KindStruct:
		if m, ok := v.(map[string]any); ok {
			out := map[string]any{}
			for _, f := range t.Fields {
				fv, err := canonicalValue(m[f.Name], f.Type)
				if err != nil {
					return nil, fmt.Errorf("%s: %w", f.Name, err)
				}
				out[f.Name] = fv
			}
			return out, nil
		}
	case contracts.KindArray:
		if a, ok := v.([]any); ok && t.Elem != nil {
			out := make([]any, len(a))
			for i, e := range a {
				ev, err := canonicalValue(e, *t.Elem)
				if err != nil {
					return nil, err
				}
				out[i] = ev
			}
			return out, nil
		}
	}
	return nil, fmt.Errorf("%v (%T) is not a %s", v, v, t.Kind)
}

var typeNoise = regexp.MustCompile("`| NOT NULL|\\s")

// checkTypes compares the table's column names and Spark types with the
// contract's.
func (r *sparkRunner) checkTypes(tb testing.TB, ctx context.Context, table string, c *contracts.Contract) {
	tb.Helper()
	var got []string
	for _, row := range r.query(tb, ctx, "DESCRIBE TABLE "+table) {
		name, _ := row.At(0).(string)
		typ, _ := row.At(1).(string)
		if name == "" || strings.HasPrefix(name, "#") {
			break
		}
		got = append(got, name+" "+strings.ToLower(typeNoise.ReplaceAllString(typ, "")))
	}
	var want []string
	for _, f := range c.Fields {
		want = append(want, f.Name+" "+strings.ToLower(typeNoise.ReplaceAllString(sparksql.SQLType(f.Type), "")))
	}
	if strings.Join(got, ", ") != strings.Join(want, ", ") {
		tb.Errorf("%s: columns\n  got  %s\n  want %s", table, strings.Join(got, ", "), strings.Join(want, ", "))
	}
}
