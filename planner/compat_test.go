package planner

import (
	"testing"

	"github.com/etlgen/etlgen/diag"
	"github.com/etlgen/etlgen/framework/ir"
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
