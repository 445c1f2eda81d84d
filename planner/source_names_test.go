package planner_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/planner"
	"github.com/google/go-cmp/cmp"
)

// planSemiJoin plans the corpus case semi_join_bounded (a stream–stream
// semi join of order_events and payments) on Spark line `line`, its
// payments source renamed to asset payments (the same asset) or another.
func planSemiJoin(t *testing.T, line, payments string) (*planner.Model, []string) {
	t.Helper()
	dir := filepath.Join("testdata", "corpus", "semi_join_bounded")
	irText := strings.ReplaceAll(string(mustRead(t, filepath.Join(dir, "ir.json"))), `"payments"`, `"`+payments+`"`)
	doc, err := ir.Unmarshal([]byte(irText))
	if err != nil {
		t.Fatal(err)
	}
	y := strings.Replace(string(mustRead(t, filepath.Join(dir, "profile.yaml"))), "\n  payments:", "\n  "+payments+":", 1)
	y = strings.Replace(y, "session_timezone: UTC}", `session_timezone: UTC, spark_version: "`+line+`"}`, 1)
	prof, pd := profile.Parse("profile.yaml", []byte(y))
	if pd.HasErrors() {
		t.Fatalf("profile: %v", pd)
	}
	m, l := planner.Plan(doc, prof, planner.Options{})
	return m, l.Codes()
}

// TestSourceNames: a 4.2 plan names its streaming sources in the manifest
// and turns source evolution on; a 4.1 plan does neither; on 4.2 two
// sources of one query whose names clash are ETL-P410.
func TestSourceNames(t *testing.T) {
	tests := []struct {
		line, payments string
		names          []string // the manifest's source names of the join query
		conf           string   // SourceEvolutionConf in the session
		codes          []string
	}{
		{"4.1", "payments", []string{"", ""}, "", []string{"ETL-S423"}},
		{"4.2", "payments", []string{"order_events", "payments"}, "true", []string{"ETL-S423"}},
		{"4.2", "payments-v2", []string{"order_events", "payments_v2"}, "true", []string{"ETL-S423"}},
		{"4.2", "order-events", nil, "true", []string{planner.CodeSourceNameClash, "ETL-S423"}},
		{"4.1", "order-events", []string{"", ""}, "", []string{"ETL-S423"}},
	}
	for _, tt := range tests {
		t.Run(tt.line+"/"+tt.payments, func(t *testing.T) {
			m, codes := planSemiJoin(t, tt.line, tt.payments)
			if diff := cmp.Diff(tt.codes, codes); diff != "" {
				t.Fatalf("codes (-want +got):\n%s", diff)
			}
			if got := m.Session.Conf[planner.SourceEvolutionConf]; got != tt.conf {
				t.Errorf("%s = %q, want %q", planner.SourceEvolutionConf, got, tt.conf)
			}
			if tt.names == nil {
				return
			}
			q := planner.NewManifest(m).Pipelines[0].Queries[0]
			var names []string
			for _, s := range q.Sources {
				names = append(names, s.Name)
			}
			if diff := cmp.Diff(tt.names, names); diff != "" {
				t.Errorf("query %s source names (-want +got):\n%s", q.Name, diff)
			}
		})
	}
}

// TestCompareSourceLines: a checkpoint written by a 4.1 program (unnamed
// sources) restarted by a 4.2 program, or back, is ETL-P412; the same line
// is compatible; on 4.2 renaming the payments asset re-reads it (ETL-P415).
func TestCompareSourceLines(t *testing.T) {
	m41, _ := planSemiJoin(t, "4.1", "payments")
	m42, _ := planSemiJoin(t, "4.2", "payments")
	m42renamed, _ := planSemiJoin(t, "4.2", "payments_v2")
	tests := []struct {
		name     string
		old, cur *planner.Model
		grade    planner.Grade
		codes    []string
	}{
		{"4.1 to 4.2", m41, m42, planner.Incompatible, []string{planner.CodeSourceNamingChange, planner.CodeSourceNamingChange}}, // both queries
		{"4.2 to 4.1", m42, m41, planner.Incompatible, []string{planner.CodeSourceNamingChange, planner.CodeSourceNamingChange}},
		{"4.2 to 4.2", m42, m42, planner.Compatible, []string{planner.CodeStateCompatible}},
		{"4.2 renamed", m42, m42renamed, planner.Partial, []string{planner.CodeSourceRenamed}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, err := planner.NewManifest(tt.old).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			got, l := planner.CompareManifest(old, tt.cur)
			if got.Grade != tt.grade {
				t.Errorf("grade = %s, want %s (%v)", got.Grade, tt.grade, got.Changes)
			}
			if diff := cmp.Diff(tt.codes, l.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestSourceTableUnnamed: on 4.2 a streaming source bound by table (the
// corpus case cdf_merge_into_append_sink streams a delta-cdf table) is
// ETL-P423, once per source; on 4.1, or bound by path, it is not.
func TestSourceTableUnnamed(t *testing.T) {
	dir := filepath.Join("testdata", "spark", "cdf_merge_into_append_sink")
	doc, err := ir.Unmarshal(mustRead(t, filepath.Join(dir, "ir.json")))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, line string
		byPath     bool
		want       int // P423 diagnostics
	}{
		{"4.2 table", "4.2", false, 1},
		{"4.1 table", "4.1", false, 0},
		{"4.2 path", "4.2", true, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			y := strings.Replace(string(mustRead(t, filepath.Join(dir, "profile.yaml"))), "session_timezone: UTC}", `session_timezone: UTC, spark_version: "`+tt.line+`"}`, 1)
			if tt.byPath {
				y = strings.Replace(y, "table: corpus.customers_cdf", "path: /tmp/etlgen-corpus/customers_cdf", 1)
			}
			prof, pd := profile.Parse("profile.yaml", []byte(y))
			if pd.HasErrors() {
				t.Fatalf("profile: %v", pd)
			}
			_, l := planner.Plan(doc, prof, planner.Options{})
			got := 0
			for _, d := range l {
				if d.Code == planner.CodeSourceTableUnnamed {
					got++
					if d.Path != "source:customer_changes" || !strings.Contains(d.Message, "corpus.customers_cdf") {
						t.Errorf("diagnostic %+v: want path source:customer_changes naming the table", d)
					}
				}
			}
			if got != tt.want {
				t.Errorf("%d %s diagnostics, want %d: %v", got, planner.CodeSourceTableUnnamed, tt.want, l.Codes())
			}
		})
	}
}
