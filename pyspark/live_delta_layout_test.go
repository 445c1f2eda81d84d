package pyspark_test

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/etlgen/etlgen/contracts/sparksql"
	"github.com/etlgen/etlgen/framework/profile"
)

// TestLiveDeltaLayout runs the partitioned sink of testdata/partitioned_sink
// (rate ticks dated with to_date, appended to a Delta table partitioned by
// the date, created with table properties) on the stack, on one checkpoint:
//
//  1. version 1 creates the table: DESCRIBE DETAIL shows the partition
//     column and the properties, SHOW TBLPROPERTIES the properties, and
//     every row's partition is the date of its timestamp;
//  2. version 2 (a column added, testdata/partitioned_sink_v2) without
//     merge_schema fails its first batch with rows: class table-schema
//     (Delta's DELTA_METADATA_MISMATCH), nothing written;
//  3. version 2 with merge_schema replays that batch and goes on: the table
//     gains the column, NULL in the rows version 1 wrote;
//  4. a profile whose properties the existing table lacks fails at start:
//     class table-layout, nothing written.
func TestLiveDeltaLayout(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	v1, v2 := filepath.Join("testdata", "partitioned_sink", "ir.json"), filepath.Join("testdata", "partitioned_sink_v2", "ir.json")
	const props = `{delta.enableChangeDataFeed: true, delta.appendOnly: true, team.owner: "orders-team's"}`
	profileWith := func(props string, mergeSchema bool) func(*liveStack) string {
		return func(s *liveStack) string {
			return s.profile("{type: processing-time, interval: 1s}", fmt.Sprintf(`
  ticks: {plugin: rate, rows_per_second: 5, num_partitions: 2}
  dated_ticks: {plugin: delta, table: %s.dated_ticks, partition_by: [event_date], merge_schema: %t, table_properties: %s}`,
				s.db, mergeSchema, props))
		}
	}
	s := startLiveWith(t, v1, profileWith(props, false))
	table := s.db + ".dated_ticks"

	s.runUntil(2)
	d := s.detail(table)
	if got := fmt.Sprint(d["partitionColumns"]); got != "[event_date]" {
		t.Errorf("DESCRIBE DETAIL partitionColumns = %s, want [event_date]", got)
	}
	want := map[string]string{"delta.enableChangeDataFeed": "true", "delta.appendOnly": "true", "team.owner": "orders-team's"}
	got := map[string]string{}
	for k, v := range d["properties"].(map[string]any) {
		got[k] = fmt.Sprint(v)
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("DESCRIBE DETAIL properties (-want +got):\n%s", diff)
	}
	shown := s.tblProperties(table)
	for k, v := range want {
		if shown[k] != v {
			t.Errorf("SHOW TBLPROPERTIES %s = %q, want %q", k, shown[k], v)
		}
	}
	checkCatalogEntry(t, s, table, d)
	n1 := s.count("SELECT count(*) AS n FROM " + table)
	if n1 == "0" || s.count("SELECT count(*) AS n FROM "+table+" WHERE event_date <> to_date(timestamp)") != "0" {
		t.Errorf("version 1 wrote %s rows, or rows whose partition is not their date", n1)
	}
	t.Logf("version 1: %s rows in %v partitions", n1, s.count("SELECT count(DISTINCT event_date) AS n FROM "+table))

	s.generate(v2, profileWith(props, false)(s))
	res, _, _ := s.runProgram()
	if res.ExitCode != 1 || res.Failure == nil || res.Failure.Code != "table-schema" {
		t.Fatalf("version 2 without merge_schema: exit %d, failure %+v; want exit 1, class table-schema", res.ExitCode, res.Failure)
	}
	if n := s.count("SELECT count(*) AS n FROM " + table); n != n1 {
		t.Errorf("the failed run changed the table: %s rows, had %s", n, n1)
	}

	s.generate(v2, profileWith(props, true)(s))
	s.runUntil(2)
	cols := map[string]bool{}
	for _, r := range s.query("DESCRIBE " + table)[0] {
		cols[fmt.Sprint(r["col_name"])] = true
	}
	if !cols["minute"] {
		t.Errorf("merge_schema did not add column minute: %v", cols)
	}
	if n := s.count("SELECT count(*) AS n FROM " + table + " WHERE minute IS NULL"); n != n1 {
		t.Errorf("%s rows without a minute, want the %s of version 1", n, n1)
	}
	if s.count("SELECT count(*) AS n FROM "+table+" WHERE minute IS NOT NULL AND minute <> minute(timestamp)") != "0" ||
		s.count("SELECT count(*) AS n FROM "+table+" WHERE minute IS NOT NULL") == "0" {
		t.Error("version 2 wrote no rows, or rows whose minute is not their timestamp's")
	}
	if s.count("SELECT count(*) AS n, count(DISTINCT value) AS d FROM "+table) != s.count("SELECT count(DISTINCT value) AS n FROM "+table) {
		t.Error("a value was written twice across the failed and the replayed batch")
	}

	before := s.count("SELECT count(*) AS n FROM " + table)
	s.generate(v2, profileWith(`{delta.enableChangeDataFeed: true, delta.appendOnly: true, team.owner: billing, delta.checkpointInterval: "5"}`, true)(s))
	res, _, _ = s.runProgram()
	if res.ExitCode != 1 || res.Failure == nil || res.Failure.Code != "table-layout" {
		t.Fatalf("other properties: exit %d, failure %+v; want exit 1, class table-layout", res.ExitCode, res.Failure)
	}
	t.Logf("table-layout: %s", res.Failure.Message)
	if n := s.count("SELECT count(*) AS n FROM " + table); n != before {
		t.Errorf("the refused run changed the table: %s rows, had %s", n, before)
	}
}

// catalogEntryScript runs etlgen_runtime.tables over the rows of DESCRIBE
// TABLE EXTENDED and SHOW TBLPROPERTIES given on stdin (statement prefix →
// rows), as the runtime reads them from Spark Connect.
const catalogEntryScript = `
from etlgen_runtime import tables
answers = json.load(sys.stdin)
class Rows(object):
    def __init__(self, rows):
        self.rows = rows
    def collect(self):
        return self.rows
class Session(object):
    def sql(self, text):
        for prefix, rows in answers.items():
            if text.startswith(prefix):
                return Rows(rows)
        raise RuntimeError("not answered: " + text)
print(json.dumps({"layout": tables.table_layout(Session(), "t"), "location": tables.table_location(Session(), "t")}))
`

// checkCatalogEntry checks that the runtime reads from the table's catalog
// entry (DESCRIBE TABLE EXTENDED, SHOW TBLPROPERTIES, as this server returns
// them) the location, partition columns and properties of its DESCRIBE
// DETAIL row d, and table features it lists (all of them for a table of the
// table-features protocol, writer version 7).
func checkCatalogEntry(t *testing.T, s *liveStack, table string, d map[string]any) {
	t.Helper()
	res := s.query("DESCRIBE TABLE EXTENDED "+table, "SHOW TBLPROPERTIES "+table)
	var got struct {
		Layout struct {
			PartitionColumns []any          `json:"partitionColumns"`
			Properties       map[string]any `json:"properties"`
			TableFeatures    []any          `json:"tableFeatures"`
		} `json:"layout"`
		Location string `json:"location"`
	}
	runRuntime(t, "testdata/stack_available_now", catalogEntryScript,
		map[string]any{"DESCRIBE TABLE EXTENDED": res[0], "SHOW TBLPROPERTIES": res[1]}, &got)
	if got.Location != d["location"] {
		t.Errorf("location from the catalog entry = %q, DESCRIBE DETAIL's %v", got.Location, d["location"])
	}
	if diff := cmp.Diff(d["partitionColumns"], any(got.Layout.PartitionColumns)); diff != "" {
		t.Errorf("partition columns from the catalog entry (-DESCRIBE DETAIL +got):\n%s", diff)
	}
	if diff := cmp.Diff(d["properties"], any(got.Layout.Properties)); diff != "" {
		t.Errorf("properties from the catalog entry (-DESCRIBE DETAIL +got):\n%s", diff)
	}
	features, _ := d["tableFeatures"].([]any)
	for _, f := range got.Layout.TableFeatures {
		if !slices.Contains(features, f) {
			t.Errorf("table feature %v from the catalog entry is not in DESCRIBE DETAIL's %v", f, features)
		}
	}
	if fmt.Sprint(d["minWriterVersion"]) == "7" && len(got.Layout.TableFeatures) != len(features) {
		t.Errorf("table features from the catalog entry %v, DESCRIBE DETAIL's %v", got.Layout.TableFeatures, features)
	}
}

// detail is the table's DESCRIBE DETAIL row.
func (s *liveStack) detail(table string) map[string]any {
	s.t.Helper()
	return s.query("DESCRIBE DETAIL " + table)[0][0]
}

// tblProperties is SHOW TBLPROPERTIES of the table, key → value.
func (s *liveStack) tblProperties(table string) map[string]string {
	s.t.Helper()
	out := map[string]string{}
	for _, r := range s.query("SHOW TBLPROPERTIES " + table)[0] {
		out[fmt.Sprint(r["key"])] = fmt.Sprint(r["value"])
	}
	return out
}

// count is the column n of the query's first row.
func (s *liveStack) count(sql string) string {
	s.t.Helper()
	return fmt.Sprint(s.query(sql)[0][0]["n"])
}

// TestLiveDeltaProperties creates a table on the stack with every delta.*
// table property profile.Parse accepts (profile.PropertyTypes, a value of
// each one's type) and every table feature (profile.TableFeatures): Delta 4.1 knows them all, so
// what etlgen accepts offline the server accepts.
func TestLiveDeltaProperties(t *testing.T) {
	t.Parallel() // its own topics, database and checkpoints
	s := startLiveWith(t, filepath.Join("testdata", "partitioned_sink", "ir.json"), func(s *liveStack) string {
		return s.profile("{type: available-now}", `
  ticks: {plugin: rate}
  dated_ticks: {plugin: delta, table: `+s.db+`.unused}`)
	})
	var props []string
	for _, p := range profile.PropertyTypes() {
		props = append(props, sparksql.QuoteString(p[0])+" = "+sparksql.QuoteString(sampleValue(p[1])))
	}
	for _, f := range profile.TableFeatures() {
		props = append(props, sparksql.QuoteString("delta.feature."+f)+" = 'supported'")
	}
	table := s.db + ".all_properties"
	s.query("CREATE SCHEMA IF NOT EXISTS "+s.db, "CREATE TABLE "+table+" (id BIGINT, v STRING) USING delta TBLPROPERTIES ("+strings.Join(props, ", ")+")")
	shown := s.tblProperties(table)
	for _, p := range profile.PropertyTypes() {
		if _, ok := shown[p[0]]; !ok {
			t.Errorf("SHOW TBLPROPERTIES has no %s", p[0])
		}
	}
}

// sampleValue is a value of a property type as profile.PropertyTypes
// renders it. Booleans are false: Delta refuses some pairs turned on
// together (deletion vectors with symlink manifests).
func sampleValue(typ string) string {
	switch {
	case strings.HasPrefix(typ, "`true`"):
		return "false"
	case strings.HasPrefix(typ, "integer ≥ "):
		return "3"
	case strings.HasPrefix(typ, "interval"):
		return "interval 30 days"
	case strings.HasPrefix(typ, "`"):
		return strings.Trim(strings.Split(typ, ",")[0], "`")
	}
	return "id"
}
