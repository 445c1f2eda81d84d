package planner

import (
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
	"github.com/etlgen/etlgen/framework/profile"
	"github.com/google/go-cmp/cmp"
)

func baseManifest() *Manifest {
	return &Manifest{ManifestVersion: ManifestVersion, Profile: "prod", Pipelines: []ManifestPipeline{{ID: "p", Version: "1.0.0", Queries: []ManifestQuery{{
		Name: "windows", Checkpoint: "cp/windows", OutputMode: ModeUpdate,
		Sources:    []SourceName{{Asset: "orders", Plugin: "kafka-json", Identity: "order-events"}},
		Watermarks: []Watermark{{Column: "event_time", Delay: "15m0s", Step: "agg"}},
		Output:     []Column{{Name: "customer_id", Type: "int64"}},
		Operators: []StatefulOp{{Kind: "aggregate", Step: "agg", Keys: []string{"customer_id", "window"},
			KeySchema:  []Column{{Name: "customer_id", Type: "int64"}},
			Window:     &ir.Window{Kind: ir.Tumbling, TimeColumn: "event_time", Duration: "1h0m0s"},
			Aggregates: []string{"n=count(order_id)"}, ValueSchema: []Column{{Name: "n", Type: "int64"}}, Watermark: "event_time"}},
		StateStore: "hdfs",
	}}}}}
}

// TestCompareSchemaEvolution grades output changes of an append into a
// table (a delta append): additive ones (columns added) need merge_schema,
// and merge_schema takes nothing else; a type widening only with
// delta.enableTypeWidening.
func TestCompareSchemaEvolution(t *testing.T) {
	base := []Column{{Name: "id", Type: "int64"}, {Name: "n", Type: "int32"}, {Name: "amount", Type: "decimal(12,2)"}}
	with := func(change func([]Column) []Column) []Column { return change(append([]Column{}, base...)) }
	added := with(func(c []Column) []Column { return append(c, Column{Name: "minute", Type: "int32"}) })
	removed := with(func(c []Column) []Column { return c[:2] })
	widened := with(func(c []Column) []Column {
		c[1].Type, c[2].Type = "int64", "decimal(18,4)"
		return c
	})
	narrowed := with(func(c []Column) []Column { c[2].Type = "decimal(10,2)"; return c })
	retyped := with(func(c []Column) []Column { c[1].Type = "string"; return c })
	tests := []struct {
		name   string
		output []Column
		evolve SchemaEvolution
		grade  Grade
		codes  []string
	}{
		{"added, merge_schema", added, SchemaEvolution{MergeSchema: true}, Partial, []string{CodeStateOutput}},
		{"added, no merge_schema", added, SchemaEvolution{}, Incompatible, []string{CodeColumnsNeedMerge}},
		{"removed, merge_schema", removed, SchemaEvolution{MergeSchema: true}, Incompatible, []string{CodeSchemaNotAdditive}},
		{"removed, no merge_schema", removed, SchemaEvolution{}, Partial, []string{CodeStateOutput}},
		{"widened, merge_schema", widened, SchemaEvolution{MergeSchema: true}, Incompatible, []string{CodeSchemaNotAdditive}},
		{"widened, type widening", widened, SchemaEvolution{MergeSchema: true, TypeWidening: true}, Partial, []string{CodeStateOutput}},
		{"narrowed, type widening", narrowed, SchemaEvolution{MergeSchema: true, TypeWidening: true}, Incompatible, []string{CodeSchemaNotAdditive}},
		{"retyped, type widening", retyped, SchemaEvolution{MergeSchema: true, TypeWidening: true}, Incompatible, []string{CodeSchemaNotAdditive}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, cur := baseManifest(), baseManifest()
			old.Pipelines[0].Queries[0].Output = base
			q := &cur.Pipelines[0].Queries[0]
			q.Output, q.Evolve = tt.output, &tt.evolve
			got, l := Compare(old, cur)
			if got.Grade != tt.grade {
				t.Errorf("grade = %s, want %s (%v)", got.Grade, tt.grade, got.Changes)
			}
			if diff := cmp.Diff(tt.codes, l.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

// TestCompare grades one change at a time against the base manifest.
func TestCompare(t *testing.T) {
	tests := []struct {
		name   string
		change func(q *ManifestQuery)
		grade  Grade
		codes  []string
	}{
		{"unchanged", func(*ManifestQuery) {}, Compatible, []string{CodeStateCompatible}},
		{"grouping keys", func(q *ManifestQuery) { q.Operators[0].Keys = []string{"status", "window"} }, Incompatible, []string{CodeStateGroupingKeys}},
		{"window", func(q *ManifestQuery) {
			q.Operators[0].Window = &ir.Window{Kind: ir.Sliding, TimeColumn: "event_time", Duration: "1h0m0s", Slide: "5m0s"}
		}, Incompatible, []string{CodeStateWindow}},
		{"added aggregate", func(q *ManifestQuery) { q.Operators[0].Aggregates = append(q.Operators[0].Aggregates, "s=sum(x)") }, Incompatible, []string{CodeStateAggregates}},
		{"value type", func(q *ManifestQuery) { q.Operators[0].ValueSchema = []Column{{Name: "n", Type: "int32"}} }, Incompatible, []string{CodeStateSchema}},
		{"key type", func(q *ManifestQuery) { q.Operators[0].KeySchema = []Column{{Name: "customer_id", Type: "string"}} }, Incompatible, []string{CodeStateSchema}},
		{"topic", func(q *ManifestQuery) { q.Sources[0].Identity = "order-events-v2" }, Incompatible, []string{CodeStateSource}},
		{"source plugin", func(q *ManifestQuery) { q.Sources[0].Plugin = "file-json" }, Incompatible, []string{CodeStateSource}},
		{"operator added", func(q *ManifestQuery) { q.Operators = append(q.Operators, StatefulOp{Kind: "dropDuplicates"}) }, Incompatible, []string{CodeStateOperators}},
		{"operator kind", func(q *ManifestQuery) { q.Operators[0].Kind = "dropDuplicates" }, Incompatible, []string{CodeStateOperators}},
		{"watermark delay", func(q *ManifestQuery) { q.Watermarks[0].Delay = "30m0s" }, Partial, []string{CodeStateWatermark}},
		{"output mode", func(q *ManifestQuery) { q.OutputMode = ModeAppend }, Partial, []string{CodeStateOutputMode}},
		{"output schema", func(q *ManifestQuery) { q.Output = append(q.Output, Column{Name: "x", Type: "string"}) }, Partial, []string{CodeStateOutput}},
		{"state store", func(q *ManifestQuery) { q.StateStore = "rocksdb" }, Partial, []string{CodeStateStore}},
		{"state store not recorded", func(q *ManifestQuery) { q.StateStore = "" }, Compatible, []string{CodeStateCompatible}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cur := baseManifest()
			tt.change(&cur.Pipelines[0].Queries[0])
			got, l := Compare(baseManifest(), cur)
			if got.Grade != tt.grade {
				t.Errorf("grade = %s, want %s (%v)", got.Grade, tt.grade, got.Changes)
			}
			if diff := cmp.Diff(tt.codes, l.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompareJoinAndDedup(t *testing.T) {
	op := func(kind string, j *StateJoin, keys ...string) *Manifest {
		m := baseManifest()
		m.Pipelines[0].Queries[0].Operators = []StatefulOp{{Kind: kind, Step: "s", Keys: keys, Join: j}}
		return m
	}
	rng := &ir.TimeRange{LeftTime: "a", RightTime: "b", Lower: "0s", Upper: "1h0m0s"}
	inner := &StateJoin{Type: ir.JoinInner, LeftKeys: []string{"id"}, RightKeys: []string{"id"}, TimeRange: rng}
	left := &StateJoin{Type: ir.JoinLeft, LeftKeys: []string{"id"}, RightKeys: []string{"id"}, TimeRange: rng}
	wider := &StateJoin{Type: ir.JoinInner, LeftKeys: []string{"id"}, RightKeys: []string{"id"}, TimeRange: &ir.TimeRange{LeftTime: "a", RightTime: "b", Lower: "0s", Upper: "2h0m0s"}}
	tests := []struct {
		name     string
		old, cur *Manifest
		want     []string
	}{
		{"join type", op("streamJoin", inner, "id"), op("streamJoin", left, "id"), []string{CodeStateJoin}},
		{"join range", op("streamJoin", inner, "id"), op("streamJoin", wider, "id"), []string{CodeStateJoin}},
		{"dedup keys", op("dropDuplicates", nil, "id"), op("dropDuplicates", nil, "id", "ts"), []string{CodeStateDedupKeys}},
		{"query removed", baseManifest(), &Manifest{Pipelines: []ManifestPipeline{{ID: "p"}}}, []string{CodeStateQueryRemoved}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, l := Compare(tt.old, tt.cur)
			if diff := cmp.Diff(tt.want, l.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}

func TestCompareManifestUnreadable(t *testing.T) {
	for name, data := range map[string]string{"empty": "", "garbage": "{", "other version": `{"manifestVersion":"etlgen.state/v0"}`} {
		c, l := CompareManifest([]byte(data), &Model{})
		if c.Grade != Incompatible || len(l) != 1 || l[0].Code != CodeStateManifest || l[0].Severity != diag.Error {
			t.Errorf("%s: got %s %v, want one %s error", name, c.Grade, l, CodeStateManifest)
		}
	}
}

func TestManifestRoundTrip(t *testing.T) {
	m := baseManifest()
	a, err := m.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseManifest(a)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := back.Marshal()
	if diff := cmp.Diff(string(a), string(b)); diff != "" {
		t.Errorf("round trip (-first +second):\n%s", diff)
	}
}

// TestCompareCheckpointMoved grades queries whose checkpoint moved between
// the plans (ETL-X617): a load that joins or leaves a multi-sink host, or
// changes host, and a checkpoint root that changed; the state of a hosted
// load is its host's, compared once, while each sink's output is compared
// on its own; a new major version moves checkpoints without X617.
func TestCompareCheckpointMoved(t *testing.T) {
	query := func(name, cp, host string) ManifestQuery {
		q := baseManifest().Pipelines[0].Queries[0]
		q.Name, q.Checkpoint, q.Host = name, cp, host
		return q
	}
	manifest := func(version string, qs ...ManifestQuery) *Manifest {
		m := baseManifest()
		m.Pipelines[0].Version, m.Pipelines[0].Queries = version, qs
		return m
	}
	separate := func() *Manifest { return manifest("1.0.0", query("h", "cp/h", ""), query("x", "cp/x", "")) }
	shared := func() *Manifest { return manifest("1.0.0", query("h", "cp/h", ""), query("x", "cp/h", "h")) }
	tests := []struct {
		name     string
		old, cur *Manifest
		change   func(m *Manifest) // applied to cur
		grade    Grade
		codes    []string
		reason   string // in the first change's reason
	}{
		{name: "becomes hosted", old: separate(), cur: shared(), grade: Partial, codes: []string{CodeStateCheckpointMoved},
			reason: "query x now runs in query h's micro-batches (multi-sink): it reads on from h's checkpoint, not its own (cp/x); " +
				"rows h's checkpoint has passed and x's had not are not written to x's sink, rows x's had passed and h's had not are written again; " +
				"its idempotent writes restart under a new txnAppId"},
		{name: "becomes hosted, its own state differs", old: separate(), cur: shared(), change: func(m *Manifest) {
			// x's old state is abandoned: nothing to compare it with
			m.Pipelines[0].Queries[1].Operators = nil
		}, grade: Partial, codes: []string{CodeStateCheckpointMoved}},
		{name: "becomes hosted, host state changed", old: separate(), cur: shared(), change: func(m *Manifest) {
			for i := range m.Pipelines[0].Queries {
				m.Pipelines[0].Queries[i].Operators[0].Keys = []string{"status", "window"}
			}
		}, grade: Incompatible, codes: []string{CodeStateGroupingKeys, CodeStateCheckpointMoved}},
		{name: "leaves its host", old: shared(), cur: separate(), grade: Partial, codes: []string{CodeStateCheckpointMoved},
			reason: "query x no longer runs in query h's micro-batches (multi-sink): it runs a query of its own on checkpoint cp/x, " +
				"which starts from the sources' starting positions when it is new"},
		{name: "changes host", old: manifest("1.0.0", query("g", "cp/g", ""), query("h", "cp/h", ""), query("x", "cp/g", "g")),
			cur: manifest("1.0.0", query("g", "cp/g", ""), query("h", "cp/h", ""), query("x", "cp/h", "h")), grade: Partial, codes: []string{CodeStateCheckpointMoved},
			reason: "query x now runs in query h's micro-batches (multi-sink): it reads on from h's checkpoint, not query g's (cp/g); " +
				"rows h's checkpoint has passed and g's had not are not written to x's sink, rows g's had passed and h's had not are written again; " +
				"its idempotent writes restart under a new txnAppId"},
		{name: "sharing unchanged", old: shared(), cur: shared(), grade: Compatible, codes: []string{CodeStateCompatible}},
		{name: "sharing unchanged, state changed", old: shared(), cur: shared(), change: func(m *Manifest) {
			// one state, one checkpoint: reported for the host only
			for i := range m.Pipelines[0].Queries {
				m.Pipelines[0].Queries[i].Operators[0].Keys = []string{"status", "window"}
			}
		}, grade: Incompatible, codes: []string{CodeStateGroupingKeys}},
		{name: "sharing unchanged, output gains a column", old: shared(), cur: shared(), change: func(m *Manifest) {
			// each sink takes the new output on its own: x appends into a table without merge_schema
			for i := range m.Pipelines[0].Queries {
				m.Pipelines[0].Queries[i].Output = append(m.Pipelines[0].Queries[i].Output, Column{Name: "x", Type: "string"})
			}
			m.Pipelines[0].Queries[1].Evolve = &SchemaEvolution{}
		}, grade: Incompatible, codes: []string{CodeStateOutput, CodeColumnsNeedMerge}},
		{name: "checkpoint root moved", old: separate(), cur: manifest("1.0.0", query("h", "new/h", ""), query("x", "new/x", "")), grade: Partial,
			codes:  []string{CodeStateCheckpointMoved, CodeStateCheckpointMoved},
			reason: "query h's checkpoint moved from cp/h to new/h: the query starts over from the sources' starting positions unless new/h exists"},
		{name: "new major version", old: shared(), cur: manifest("2.0.0", query("h", "v2/h", ""), query("x", "v2/x", "")), grade: Partial,
			codes: []string{CodeStateQueryRemoved}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.change != nil {
				tt.change(tt.cur)
			}
			got, l := Compare(tt.old, tt.cur)
			if got.Grade != tt.grade {
				t.Errorf("grade = %s, want %s (%v)", got.Grade, tt.grade, got.Changes)
			}
			if diff := cmp.Diff(tt.codes, l.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
			for _, d := range l {
				if d.Code == CodeStateCheckpointMoved && d.Severity != diag.Warning {
					t.Errorf("%s is a %s, want a warning", d.Code, d.Severity)
				}
			}
			if tt.reason != "" && (len(got.Changes) == 0 || got.Changes[0].Reason != tt.reason) {
				t.Errorf("reason:\n got %v\nwant %s", got.Changes, tt.reason)
			}
		})
	}
}

// TestCompareMultiSinkProfile plans two loads of one stream with
// execution.multi_sink shared and separate: switching between the two
// moves the checkpoint of the hosted load only (ETL-X617); the host keeps
// its checkpoint and state.
func TestCompareMultiSinkProfile(t *testing.T) {
	plan := func(multiSink string) *Model {
		t.Helper()
		y := "name: prod\nengine: pyspark\nexecution: {checkpoint_root: s3a://w/ck, multi_sink: " + multiSink + "}\n" +
			"resources:\n  spark: {connect_url: \"sc://127.0.0.1:15002\"}\n  kafka: {bootstrap_servers: \"127.0.0.1:9092\"}\n" +
			"assets:\n  in: {plugin: kafka-json, resource: kafka, topic: topic}\n  out: {plugin: delta, path: s3a://w/out}\n  copy: {plugin: delta, path: s3a://w/copy}\n"
		prof, diags := profile.Parse("p.yaml", []byte(y))
		if diags.HasErrors() {
			t.Fatalf("profile: %v", diags)
		}
		doc := oneLoadDoc("1.0.0")
		p := &doc.Pipelines[0]
		p.Loads = append(p.Loads, ir.Load{Asset: "copy", From: p.Loads[0].From, Contract: "c"})
		m, diags := Plan(doc, prof, Options{})
		if diags.HasErrors() {
			t.Fatalf("plan: %v", diags)
		}
		return m
	}
	shared, separate := plan(profile.MultiSinkShared), plan(profile.MultiSinkSeparate)
	if q := NewManifest(shared).Pipelines[0].Queries[1]; q.Name != "copy" || q.Host != "out" || q.Checkpoint != "s3a://w/ck/p/v1/prod/out" {
		t.Fatalf("shared manifest: query %s host %q checkpoint %s, want copy hosted by out on out's checkpoint", q.Name, q.Host, q.Checkpoint)
	}
	tests := []struct {
		name     string
		old, cur *Model
		grade    Grade
		moved    []string // the queries with an ETL-X617
	}{
		{"separate to shared", separate, shared, Partial, []string{"copy"}},
		{"shared to separate", shared, separate, Partial, []string{"copy"}},
		{"shared to shared", shared, shared, Compatible, nil},
		{"separate to separate", separate, separate, Compatible, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, err := NewManifest(tt.old).Marshal()
			if err != nil {
				t.Fatal(err)
			}
			got, l := CompareManifest(old, tt.cur)
			if got.Grade != tt.grade {
				t.Errorf("grade = %s, want %s (%v)", got.Grade, tt.grade, got.Changes)
			}
			var moved []string
			for _, ch := range got.Changes {
				if ch.Code != CodeStateCheckpointMoved {
					t.Errorf("unexpected change %s %s: %s", ch.Code, ch.Query, ch.Reason)
					continue
				}
				moved = append(moved, ch.Query)
			}
			if diff := cmp.Diff(tt.moved, moved); diff != "" {
				t.Errorf("queries with %s (-want +got):\n%s\n%v", CodeStateCheckpointMoved, diff, l)
			}
			for _, d := range l {
				if d.Code == CodeStateCheckpointMoved && (d.Severity != diag.Warning || d.Path != "p/copy") {
					t.Errorf("%s: a %s at %s, want a warning at p/copy", d.Code, d.Severity, d.Path)
				}
			}
		})
	}
}

// TestCompareNamedSources grades source changes between two checkpoints
// whose programs name their sources (Spark 4.2): matched by name, not by
// position.
func TestCompareNamedSources(t *testing.T) {
	orders := SourceName{Asset: "orders", Plugin: "kafka-json", Identity: "order-events", Name: "orders"}
	payments := SourceName{Asset: "payments", Plugin: "kafka-json", Identity: "payments", Name: "payments"}
	renamed := payments
	renamed.Asset, renamed.Name = "payments-v2", "payments_v2"
	moved := orders
	moved.Identity = "order-events-v2"
	reopts := orders
	reopts.Plugin = "file-json"
	tests := []struct {
		name     string
		old, cur []SourceName
		grade    Grade
		codes    []string
	}{
		{"same", []SourceName{orders, payments}, []SourceName{orders, payments}, Compatible, []string{CodeStateCompatible}},
		{"reordered", []SourceName{orders, payments}, []SourceName{payments, orders}, Compatible, []string{CodeStateCompatible}},
		{"added", []SourceName{orders}, []SourceName{orders, payments}, Partial, []string{CodeSourceAdded}},
		{"removed", []SourceName{orders, payments}, []SourceName{orders}, Partial, []string{CodeSourceRemoved}},
		{"renamed", []SourceName{orders, payments}, []SourceName{orders, renamed}, Partial, []string{CodeSourceRenamed}},
		{"topic under the same name", []SourceName{orders}, []SourceName{moved}, Incompatible, []string{CodeSourceIdentityChange}},
		{"plugin under the same name", []SourceName{orders}, []SourceName{reopts}, Incompatible, []string{CodeSourceIdentityChange}},
		{"named to unnamed", []SourceName{orders}, []SourceName{{Asset: "orders", Plugin: "kafka-json", Identity: "order-events"}}, Incompatible, []string{CodeSourceNamingChange}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			old, cur := baseManifest(), baseManifest()
			old.Pipelines[0].Queries[0].Sources, cur.Pipelines[0].Queries[0].Sources = tt.old, tt.cur
			got, l := Compare(old, cur)
			if got.Grade != tt.grade {
				t.Errorf("grade = %s, want %s (%v)", got.Grade, tt.grade, got.Changes)
			}
			if diff := cmp.Diff(tt.codes, l.Codes()); diff != "" {
				t.Errorf("codes (-want +got):\n%s", diff)
			}
		})
	}
}
