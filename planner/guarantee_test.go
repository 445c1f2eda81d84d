package planner

import (
	"strings"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestGuarantee checks the delivery-guarantee statement per source/sink
// pair, from each plugin's facts.
func TestGuarantee(t *testing.T) {
	src := func(yaml string) *profile.AssetBinding { return bindAsset(t, yaml, profile.RoleStreamingSource) }
	sink := func(yaml string, keys ...string) *profile.AssetBinding {
		return bindAsset(t, yaml, profile.RoleAppendSink, keys...)
	}
	kafka := src("{plugin: kafka-json, resource: kafka, topic: orders}")
	tests := []struct {
		name      string
		engine    string
		src, sink *profile.AssetBinding
		level     string
		statement string
		require   string
	}{
		{"kafka into delta merge", "", kafka, sink("{plugin: delta, table: t, write_mode: foreach-batch-merge}", "id"),
			EffectivelyExactlyOne, "Kafka + checkpoint + idempotent Delta MERGE: effectively exactly once for the target t", "merge keys (id)"},
		{"kafka into delta streaming append", "", kafka, sink("{plugin: delta, table: t}"),
			EffectivelyExactlyOne, "Kafka + checkpoint + Delta streaming append", "application transaction"},
		{"kafka skipping data loss", "", src("{plugin: kafka-json, resource: kafka, topic: orders, fail_on_data_loss: false}"),
			sink("{plugin: delta, table: t}"), AtMostOnce, "at most once", "fail_on_data_loss=false"},
		{"memory source", "", src("{plugin: memory}"), sink("{plugin: memory}"), AtMostOnce, "memory stream", "test process"},
		// the engines write files differently, and the statement says how
		{"file source into files, local", profile.EngineLocal, src("{plugin: file-json, path: in}"), sink("{plugin: file-json, path: out}"),
			EffectivelyExactlyOne, "file source + checkpoint + file sink", "_etlgen_sink/<checkpoint id>.log"},
		{"file source into files, spark", profile.EnginePySpark, src("{plugin: file-json, path: in}"), sink("{plugin: file-json, path: out}"),
			EffectivelyExactlyOne, "file source + checkpoint + file sink", "etlgen_query=<the checkpoint's query id>/etlgen_batch=<batch id>, replaced as a whole"},
		{"unbound sink", "", kafka, nil, AtLeastOnce, " sink: at least once", "deduplicate"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := &env{Engine: tt.engine, Sources: map[string]*profile.AssetBinding{"src": tt.src}}
			q := &query{name: "out", sink: tt.sink, root: &qnode{facts: &facts{sources: []string{"src"}}}}
			g := q.guaranteeFor(e, "cp")
			if g.Level != tt.level || !strings.Contains(g.Statement, tt.statement) {
				t.Errorf("got %s %q, want %s containing %q", g.Level, g.Statement, tt.level, tt.statement)
			}
			if !strings.Contains(strings.Join(g.Requirements, "\n"), tt.require) {
				t.Errorf("requirements %v: want one with %q", g.Requirements, tt.require)
			}
		})
	}
}
