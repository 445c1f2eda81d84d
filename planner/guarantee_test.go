package planner

import (
	"strings"
	"testing"
)

// TestGuarantee checks the delivery-guarantee statement per source/sink pair.
func TestGuarantee(t *testing.T) {
	kafka := AssetBinding{Asset: "src", Plugin: "kafka-json", Identity: "orders"}
	tests := []struct {
		name      string
		src, sink AssetBinding
		level     string
		statement string
	}{
		{"kafka into delta merge", kafka, AssetBinding{Plugin: "delta", WriteMode: "foreach-batch-merge", Identity: "t", MergeKeys: []string{"id"}, TxnIDs: true},
			EffectivelyExactlyOne, "Kafka + checkpoint + idempotent Delta MERGE: effectively exactly once for the target t"},
		{"kafka into delta streaming append", kafka, AssetBinding{Plugin: "delta", WriteMode: "append", Identity: "t", TxnIDs: true},
			EffectivelyExactlyOne, "Kafka + checkpoint + Delta streaming append"},
		{"kafka into delta append without txn ids", kafka, AssetBinding{Plugin: "delta", WriteMode: "append", Identity: "t"},
			AtLeastOnce, "Delta append without transaction ids: at least once"},
		{"kafka skipping data loss", AssetBinding{Asset: "src", Plugin: "kafka-json", Options: map[string]string{"failOnDataLoss": "false"}},
			AssetBinding{Plugin: "delta", WriteMode: "append", TxnIDs: true}, AtMostOnce, "at most once"},
		{"memory source", AssetBinding{Asset: "src", Plugin: "memory"}, AssetBinding{Plugin: "memory"}, AtMostOnce, "memory stream"},
		{"unknown sink", kafka, AssetBinding{Plugin: "jdbc"}, AtLeastOnce, "jdbc sink"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := &Env{Assets: map[string]AssetBinding{"src": tt.src}}
			q := &query{sink: tt.sink, root: &qnode{facts: &facts{sources: []string{"src"}}}}
			g := q.guaranteeFor(env, "cp")
			if g.Level != tt.level || !strings.Contains(g.Statement, tt.statement) {
				t.Errorf("got %s %q, want %s containing %q", g.Level, g.Statement, tt.level, tt.statement)
			}
			if len(g.Requirements) < 2 {
				t.Errorf("requirements %v: want the checkpoint's and the source's at least", g.Requirements)
			}
		})
	}
}
