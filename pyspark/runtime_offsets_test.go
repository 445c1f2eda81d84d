package pyspark_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRuntimeParseOffsets runs etlgen_runtime.parse_offsets on offset log
// files as Spark writes them: format v1 (a line per source by position,
// "-" for none) and format v2 (Spark 4.2 with named sources: a line
// "<name>:<offset>" per source; this one as Spark 4.2.0 wrote it for two
// named file sources).
func TestRuntimeParseOffsets(t *testing.T) {
	script := `
v1 = 'v1\n{"batchWatermarkMs":5,"conf":{}}\n{"t":{"0":3}}\n-\n'
v2 = ('v2\n{"batchWatermarkMs":0,"conf":{"spark.sql.streaming.queryEvolution.enableSourceEvolution":"true"},"sourceMetadataInfo":{}}\n'
      'src_a:{"logOffset":0}\nsrc_b:{"logOffset":1}\n')
print(json.dumps({"v1": rt.parse_offsets(v1), "v2": rt.parse_offsets(v2)}, sort_keys=True))
`
	var got map[string]any
	runRuntime(t, "testdata/stack_available_now", script, nil, &got)
	want := map[string]any{
		"v1": []any{map[string]any{"batchWatermarkMs": 5.0, "conf": map[string]any{}},
			[]any{map[string]any{"t": map[string]any{"0": 3.0}}, nil}},
		"v2": []any{map[string]any{"batchWatermarkMs": 0.0, "conf": map[string]any{"spark.sql.streaming.queryEvolution.enableSourceEvolution": "true"},
			"sourceMetadataInfo": map[string]any{}},
			[]any{map[string]any{"logOffset": 0.0}, map[string]any{"logOffset": 1.0}}},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("parse_offsets (-want +got):\n%s", diff)
	}
}
