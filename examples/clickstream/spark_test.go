package clickstream_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/etlgen/etlgen/contracts"
	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/e2e/stack"
	clickstream "github.com/etlgen/etlgen/examples/clickstream"
	"github.com/etlgen/etlgen/framework/etl"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/etlgen/etlgen/run"
	"github.com/etlgen/etlgen/testkit"
)

// sampleFile is one file of testdata/events: its lines, each one payload.
type sampleFile struct {
	name  string
	lines [][]byte
}

// sampleFiles reads testdata/events/*.jsonl in name order.
func sampleFiles(t *testing.T) []sampleFile {
	t.Helper()
	names, err := filepath.Glob("testdata/events/*.jsonl")
	if err != nil || len(names) == 0 {
		t.Fatalf("no sample files in testdata/events: %v", err)
	}
	slices.Sort(names)
	var out []sampleFile
	for _, n := range names {
		data, err := os.ReadFile(n)
		if err != nil {
			t.Fatal(err)
		}
		f := sampleFile{name: filepath.Base(n)}
		for _, l := range bytes.Split(bytes.TrimRight(data, "\n"), []byte("\n")) {
			f.lines = append(f.lines, l)
		}
		out = append(out, f)
	}
	return out
}

// outputs are what one engine's runs left in the three sinks (read back as
// `etlgen show` reads them: run.ReadSink) and the batches they reported.
type outputs struct {
	sessions []clickstream.SessionSummary
	rejected []clickstream.RejectedPageView
	late     []clickstream.LatePageView
	// batches are the batch lines of each query ("run N batch M: ..."),
	// lateRows the late rows the batches reported over all queries.
	batches  map[string][]string
	lateRows int64
}

// engineRun is one engine bound to the sample input: feed makes file i
// available to the pipeline's page_views source.
type engineRun struct {
	model *planner.Model
	prof  *profile.Profile
	feed  func(i int)
}

// planProfile loads a profile's text (written to dir) and plans the
// pipeline with it.
func planProfile(t *testing.T, dir, text string) (*planner.Model, *profile.Profile) {
	t.Helper()
	pf := filepath.Join(dir, "profile.yaml")
	if err := os.WriteFile(pf, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	prof, diags, err := profile.Load(pf)
	if err != nil || diags.HasErrors() {
		t.Fatalf("profile %s: %v %v\n%s", pf, err, diags, text)
	}
	m, diags := planner.Plan(etl.DocumentOf(clickstream.Pipeline), prof, planner.Options{})
	if diags.HasErrors() {
		t.Fatalf("plan: %v", diags)
	}
	return m, prof
}

// deriveProfile is the profile file path with every replacement made,
// each of which must apply.
func deriveProfile(t *testing.T, path string, repl ...string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	for i := 0; i < len(repl); i += 2 {
		if !strings.Contains(text, repl[i]) {
			t.Fatalf("%s has no %q", path, repl[i])
		}
		text = strings.ReplaceAll(text, repl[i], repl[i+1])
	}
	return text
}

// localRun binds the pipeline to profiles/local.yaml with its input and
// outputs in a directory of the test's: a sample file is fed by copying it
// into the input directory.
func localRun(t *testing.T, files []sampleFile) engineRun {
	dir := t.TempDir()
	users, err := filepath.Abs("testdata/users")
	if err != nil {
		t.Fatal(err)
	}
	events := filepath.Join(dir, "events")
	if err := os.Mkdir(events, 0o755); err != nil {
		t.Fatal(err)
	}
	text := deriveProfile(t, "profiles/local.yaml", "\nengine: local\n", "\nengine: local\ntest: true\n", // checkpoints under /tmp
		"../testdata/events", events, "../testdata/users", users, "../out/", dir+"/")
	m, prof := planProfile(t, dir, text)
	return engineRun{model: m, prof: prof, feed: func(i int) { writeSample(t, events, files, i) }}
}

// kafkaSource is profiles/spark.yaml's page_views asset.
const kafkaSource = `  page_views:
    plugin: kafka-json
    resource: web_kafka
    topic: page-views
    starting_offsets: earliest
    max_offsets_per_trigger: 100000
    fail_on_data_loss: true
`

// sparkRun binds the pipeline to profiles/spark.yaml with tables (in a
// database of their own) and a checkpoint root of the test's on the stack,
// and creates the user dimension from testdata/users. With files false a
// sample file is fed by producing its lines to a topic of the test's; with
// files true page_views is a file-json directory of the test's, one file
// per micro-batch as in profiles/local.yaml, and a sample file is fed by
// copying it there. It returns the topic or the directory. The database
// and the topic are dropped when the test ends.
func sparkRun(t *testing.T, ctx context.Context, files []sampleFile, fromFiles bool) (engineRun, string) {
	db := stack.Unique("clickstream")
	s := stack.Spark(t)
	s.Exec(ctx, "CREATE DATABASE "+db)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		_, _ = s.Query(ctx, "DROP DATABASE IF EXISTS "+db+" CASCADE")
	})
	createUsers(t, ctx, s, db+".users")
	source, where := kafkaSource, db+"_page_views"
	var feed func(int)
	if fromFiles {
		where = t.TempDir()
		source = fmt.Sprintf("  page_views: {plugin: file-json, path: %q, max_files_per_trigger: 1}\n", where)
		feed = func(i int) { writeSample(t, where, files, i) }
	} else {
		k := stack.NewKafka(t)
		k.CreateTopic(ctx, where, 1)
		feed = func(i int) { k.Produce(ctx, where, files[i].lines...) }
	}
	text := deriveProfile(t, "profiles/spark.yaml",
		kafkaSource, strings.ReplaceAll(source, "topic: page-views", "topic: "+where),
		"table: dim.users", "table: "+db+".users",
		"table: curated.", "table: "+db+".",
		"table: quarantine.", "table: "+db+".",
		"checkpoint_root: s3a://warehouse/checkpoints", "checkpoint_root: s3a://warehouse/checkpoints/"+db,
		`connect_url: "sc://127.0.0.1:15002"`, fmt.Sprintf("connect_url: %q", stack.SparkRemote()),
		"session_timezone: UTC\n", fmt.Sprintf("session_timezone: UTC\n    spark_version: %q\n", stack.SparkLine()), // the server's line (run refuses another: ETL-E702)
		`bootstrap_servers: "127.0.0.1:9092"`, fmt.Sprintf("bootstrap_servers: %q", stack.KafkaBootstrap()))
	m, prof := planProfile(t, t.TempDir(), text)
	return engineRun{model: m, prof: prof, feed: feed}, where
}

// writeSample writes sample file i into dir as it is in testdata/events,
// modified i seconds after the first: Spark's file source takes new files
// in modification-time order, the local engine in name order
// (docs/testkit.md), and files written within one millisecond would reach
// Spark in any order.
func writeSample(t *testing.T, dir string, files []sampleFile, i int) {
	t.Helper()
	path := filepath.Join(dir, files[i].name)
	if err := os.WriteFile(path, append(bytes.Join(files[i].lines, []byte("\n")), '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	mod := time.Now().Truncate(time.Second).Add(time.Duration(i-len(files)) * time.Second)
	if err := os.Chtimes(path, mod, mod); err != nil {
		t.Fatal(err)
	}
}

// createUsers creates the user dimension as a Delta table of the User
// contract's schema, with the rows of testdata/users parsed by from_json.
func createUsers(t *testing.T, ctx context.Context, s *stack.Session, table string) {
	t.Helper()
	doc := etl.DocumentOf(clickstream.Pipeline)
	i := slices.IndexFunc(doc.Contracts, func(c contracts.Contract) bool { return c.ID == "user-dim" })
	if i < 0 {
		t.Fatal("no user-dim contract in the pipeline's document")
	}
	c := &doc.Contracts[i]
	s.Exec(ctx, sparksql.CreateTableDDL(table, c))
	var cols []string
	for _, f := range c.Fields {
		cols = append(cols, sparksql.QuoteIdent(f.Name)+" "+sparksql.SQLType(f.Type))
	}
	data, err := os.ReadFile("testdata/users/users.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	var values []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		values = append(values, "("+sparksql.QuoteString(sc.Text())+")")
	}
	s.Exec(ctx, fmt.Sprintf("INSERT INTO %s SELECT j.* FROM (SELECT from_json(v, %s) AS j FROM VALUES %s AS r(v))",
		table, sparksql.QuoteString(strings.Join(cols, ", ")), strings.Join(values, ", ")))
	if got := s.Rows(ctx, "SELECT count(*) FROM "+table); len(got) != 1 || fmt.Sprint(got[0].At(0)) != fmt.Sprint(len(values)) {
		t.Fatalf("%s holds %v rows, want %d", table, got, len(values))
	}
}

// runFeeding runs the pipeline to its end (available-now, as `etlgen run`
// does) once per element of runs, after feeding the sample files it lists,
// then reads the three sinks back.
func runFeeding(t *testing.T, ctx context.Context, e engineRun, files []sampleFile, runs [][]int) outputs {
	t.Helper()
	out := outputs{batches: map[string][]string{}}
	var log bytes.Buffer
	for i, feed := range runs {
		for _, f := range feed {
			e.feed(f)
		}
		began := time.Now()
		_, err := run.Run(ctx, e.model, run.Options{Profile: e.prof, ProgramLog: &log, OnNotice: func(n run.Notice) {
			t.Logf("%s run %d: %s %s %s", e.model.Engine, i+1, n.Kind, n.Code, n.Text)
		}, OnBatch: func(b run.Batch) {
			// late rows are counted apart: the local engine reports them on
			// the late output's query, Spark on the query hosting it
			out.lateRows += b.LateRows
			out.batches[b.Query] = append(out.batches[b.Query], fmt.Sprintf("run %d batch %d: in %d, out %d, dropped %d, late vs %s, watermark %s",
				i+1, b.BatchID, b.InputRows, b.OutputRows, b.DroppedByWatermark, clock(b.LateWatermark), clock(b.Watermark)))
		}})
		if err != nil {
			t.Fatalf("%s run %d: %v\nprogram log (tail):\n%s", e.model.Engine, i+1, err, tailOf(log.String(), 4000))
		}
		t.Logf("%s run %d (files %v): %s", e.model.Engine, i+1, feed, time.Since(began).Round(time.Millisecond))
	}
	out.sessions = readSink[clickstream.SessionSummary](t, ctx, e.model, "user_sessions")
	out.rejected = readSink[clickstream.RejectedPageView](t, ctx, e.model, "rejected_page_views")
	out.late = readSink[clickstream.LatePageView](t, ctx, e.model, "late_page_views")
	return out
}

// text renders an optional number, "<nil>" when it is absent.
func text[T int32 | int64](p *T) string {
	if p == nil {
		return "<nil>"
	}
	return fmt.Sprint(*p)
}

// clock is an RFC 3339 watermark as its clock time, "-" when there is none.
func clock(s string) string {
	if ts, err := time.Parse(time.RFC3339, s); err == nil && ts.Unix() > 0 {
		return ts.UTC().Format("15:04")
	}
	return "-"
}

func tailOf(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// readSink reads every row of a sink as `etlgen show` does and decodes it
// into the sink's contract type; a column the type lacks fails the test.
func readSink[T any](t *testing.T, ctx context.Context, m *planner.Model, sink string) []T {
	t.Helper()
	r, err := run.ReadSink(ctx, m, sink, 10000)
	if err != nil {
		t.Fatalf("%s: %v", m.Engine, err)
	}
	if int64(len(r.Rows)) != r.Total {
		t.Fatalf("%s %s: read %d rows of %d", m.Engine, sink, len(r.Rows), r.Total)
	}
	out := make([]T, 0, len(r.Rows))
	for _, raw := range r.Rows {
		var v T
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&v); err != nil {
			t.Fatalf("%s %s: row %s: %v", m.Engine, sink, raw, err)
		}
		out = append(out, v)
	}
	return out
}

// TestSparkMatchesLocal (ETLGEN_STACK=1) runs the sample page views through
// the pipeline on Spark (profiles/spark.yaml: the user dimension as a Delta
// table, Delta sinks) and on the local engine (profiles/local.yaml), fed the
// same way on both, each file a micro-batch of its own:
//
//   - Kafka: the files produced to a topic one at a time, each followed by
//     a run to its end as `etlgen run` does (a no-data batch after each
//     file moves the watermark before the next file arrives);
//   - files: page_views a file-json directory on Spark too, the four files
//     in one run, one per micro-batch (max_files_per_trigger: 1), back to
//     back as testdata/events/README.md describes them.
//
// The sessions, the rejected and the late page views read back as `etlgen
// show` reads them must be the same rows on both engines, and the batches
// of the queries both run the same; the rejections keep the raw payload
// and the reason code, the late views their watermark. Only what depends
// on the engine's clock or source is set aside from the row comparison
// (observed_at, the reason's words, the source position), and each is
// checked on its own.
func TestSparkMatchesLocal(t *testing.T) {
	stack.Require(t)
	// The two run one after the other: in parallel they take no less time
	// on a loaded stack.
	files := sampleFiles(t)
	var perFile [][]int
	var all []int
	for i := range files {
		perFile, all = append(perFile, []int{i}), append(all, i)
	}

	t.Run("kafka, a run per file", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		began := time.Now()
		local := runFeeding(t, ctx, localRun(t, files), files, perFile)
		sr, topic := sparkRun(t, ctx, files, false)
		spark := runFeeding(t, ctx, sr, files, perFile)
		// what the files hold at each Kafka offset (one partition, produced in order)
		offsets := map[string]int64{}
		var n int64
		for _, f := range files {
			for _, l := range f.lines {
				if _, ok := offsets[string(l)]; !ok {
					offsets[string(l)] = n
				}
				n++
			}
		}
		compareEngines(t, files, local, spark, began, func(r clickstream.RejectedPageView) string {
			want := offsets[r.RawPayload]
			if r.SourceTopic == nil || *r.SourceTopic != topic || r.SourcePartition == nil || *r.SourcePartition != 0 ||
				r.SourceOffset == nil || *r.SourceOffset != want {
				return fmt.Sprintf("source %s/%s/%s, want %s/0/%d", deref(r.SourceTopic), text(r.SourcePartition), text(r.SourceOffset), topic, want)
			}
			return ""
		})
		// testdata/events/README.md's sessions, but for u-1001's from
		// 10:00: its view at 10:25 is late when the third file runs on its
		// own, after a no-data batch moved the watermark to 10:30. For the
		// same reason view 6's retry (09:30) is late in the second file.
		want := sampleSessions()
		want[4].last, want[4].pages, want[4].distinct, want[4].exit = "10:10", 2, 2, "/products/9"
		testkit.RowsEqual(t, local.sessions, rows(want...))
		checkLate(t, local, spark, eventID(6)+" 09:30", eventID(15)+" 10:30", eventID(16)+" 10:30")
	})

	t.Run("files, one run", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
		defer cancel()
		began := time.Now()
		local := runFeeding(t, ctx, localRun(t, files), files, [][]int{all})
		sr, dir := sparkRun(t, ctx, files, true)
		spark := runFeeding(t, ctx, sr, files, [][]int{all})
		fileOf := map[string]string{}
		for _, f := range files {
			for _, l := range f.lines {
				fileOf[string(l)] = f.name
			}
		}
		compareEngines(t, files, local, spark, began, func(r clickstream.RejectedPageView) string {
			want := filepath.Join(dir, fileOf[r.RawPayload])
			if r.SourceTopic == nil || !strings.HasSuffix(*r.SourceTopic, want) || r.SourcePartition != nil || r.SourceOffset != nil {
				return fmt.Sprintf("source %s/%s/%s, want the file %s", deref(r.SourceTopic), text(r.SourcePartition), text(r.SourceOffset), want)
			}
			return ""
		})
		testkit.RowsEqual(t, local.sessions, rows(sampleSessions()...))
		checkLate(t, local, spark, eventID(15)+" 09:30")
	})
}

// checkLate checks that both engines wrote the late views want ("event id
// hh:mm", the watermark at arrival) with reason BEHIND_WATERMARK.
func checkLate(t *testing.T, local, spark outputs, want ...string) {
	t.Helper()
	for name, late := range map[string][]clickstream.LatePageView{"local": local.late, "spark": spark.late} {
		var got []string
		for _, l := range late {
			if l.ReasonCode != "BEHIND_WATERMARK" {
				t.Errorf("%s: late view %s has reason %q, want BEHIND_WATERMARK", name, l.Event.EventID, l.ReasonCode)
			}
			got = append(got, l.Event.EventID+" "+l.WatermarkAtArrival.UTC().Format("15:04"))
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s: late views (event id, watermark at arrival) = %q, want %q", name, got, want)
		}
	}
}

// compareEngines checks that Spark's outputs equal the local engine's:
// the batches of the queries both run, the late rows, the sessions and the
// rejections, the latter without what depends on the engine's clock or
// source; sparkSource checks a Spark rejection's source position ("" when
// it is right). Every rejection must keep its sample line as sent and its
// reason code.
func compareEngines(t *testing.T, files []sampleFile, local, spark outputs, began time.Time,
	sparkSource func(clickstream.RejectedPageView) string) {
	t.Helper()
	// The late output has no query of its own on Spark (its host writes
	// it, docs/spark-engine.md), so its batches are not compared.
	for _, q := range []string{"user_sessions", "rejected_page_views"} {
		if !slices.Equal(spark.batches[q], local.batches[q]) {
			t.Errorf("%s: batches differ\nSpark:\n  %s\nlocal:\n  %s", q,
				strings.Join(spark.batches[q], "\n  "), strings.Join(local.batches[q], "\n  "))
		}
	}
	if spark.lateRows != local.lateRows || local.lateRows != int64(len(local.late)) {
		t.Errorf("late rows reported by the batches: Spark %d, local %d; the late output holds %d", spark.lateRows, local.lateRows, len(local.late))
	}
	testkit.RowsEqual(t, spark.sessions, local.sessions)
	testkit.RowsEqual(t, spark.late, local.late)

	sent := map[string]bool{}
	for _, f := range files {
		for _, l := range f.lines {
			sent[string(l)] = true
		}
	}
	checkSource := map[string]func(clickstream.RejectedPageView) string{
		// the local engine leaves a payload source's position NULL
		"local": func(clickstream.RejectedPageView) string { return "" },
		"spark": sparkSource,
	}
	neutral := map[string][]clickstream.RejectedPageView{}
	for name, rows := range map[string][]clickstream.RejectedPageView{"local": local.rejected, "spark": spark.rejected} {
		var codes []string
		for _, r := range rows {
			if !sent[r.RawPayload] || r.RawPayloadBase64 != nil {
				t.Errorf("%s: rejected raw payload %q (base64 %v) is not a sample line as sent", name, r.RawPayload, deref(r.RawPayloadBase64))
			}
			if r.Reason == "" || r.ObservedAt.Before(began.Truncate(time.Millisecond)) || r.ObservedAt.After(time.Now()) {
				t.Errorf("%s: rejection of %q: reason %q, observed at %s; want a reason, observed during the test", name, r.RawPayload, r.Reason, r.ObservedAt)
			}
			if msg := checkSource[name](r); msg != "" {
				t.Errorf("%s: rejection of %q: %s", name, r.RawPayload, msg)
			}
			codes = append(codes, r.ReasonCode+" "+deref(r.FieldPath))
			// the engine's clock, words and source position, checked above
			r.ObservedAt, r.Reason, r.SourceTopic, r.SourcePartition, r.SourceOffset = time.Time{}, "", nil, nil, nil
			neutral[name] = append(neutral[name], r)
		}
		slices.Sort(codes)
		if want := []string{"BAD_FORMAT url", "MALFORMED_JSON ", "OUT_OF_RANGE time_on_page_ms"}; !slices.Equal(codes, want) {
			t.Errorf("%s: rejections = %q, want %q", name, codes, want)
		}
	}
	testkit.RowsEqual(t, neutral["spark"], neutral["local"])
}
