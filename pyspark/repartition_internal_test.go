package pyspark

import (
	"testing"

	"github.com/etlgen/etlgen/framework/ir"
)

// TestRepartition: a repartition renders as .repartition(n, F.col(key),
// ...), each key a Python string literal F.col reads as one column name:
// plain identifiers as they are, others backticked (a dot is no struct
// path, a backtick is doubled), quotes and line breaks escaped.
func TestRepartition(t *testing.T) {
	tests := []struct {
		name string
		n    int
		keys []string
		want string
	}{
		{"round robin", 3, nil, `df.repartition(3)`},
		{"one key", 8, []string{"customer_id"}, `df.repartition(8, F.col("customer_id"))`},
		{"two keys", 2, []string{"customer_id", "status"}, `df.repartition(2, F.col("customer_id"), F.col("status"))`},
		{"dot is no path", 4, []string{"a.b"}, "df.repartition(4, F.col(\"`a.b`\"))"},
		{"backtick doubled", 4, []string{"x`y"}, "df.repartition(4, F.col(\"`x``y`\"))"},
		{"quote and newline escaped", 4, []string{"q\"\n)"}, "df.repartition(4, F.col(\"`q\\\"\\n)`\"))"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := repartition(&ir.Node{Op: ir.OpRepartition, Partitions: tt.n, Keys: tt.keys}, "df")
			if got != tt.want {
				t.Errorf("got  %s\nwant %s", got, tt.want)
			}
		})
	}
}
