package diag

import "testing"

// TestDidYouMean: a misspelling, a shorthand or another spelling of a value,
// plugin name or key gets a "did you mean"; a value close to nothing gets
// none.
func TestDidYouMean(t *testing.T) {
	plugins := []string{"delta", "delta-cdf", "file-json", "kafka-json", "memory", "rate"}
	writeModes := []string{"append", "foreach-batch-merge"}
	triggers := []string{"available-now", "once", "processing-time"}
	outputModes := []string{"append", "update", "complete"}
	keys := []string{"plugin", "resource", "table", "path", "write_mode", "output_mode", "merge_keys"}
	tests := []struct {
		name       string
		value      string
		candidates []string
		want       string
	}{
		{"plugin shorthand", "kafka", plugins, `; did you mean "kafka-json"?`},
		{"plugin typo", "detla", plugins, `; did you mean "delta"?`},
		{"plugin case", "Kafka-JSON", plugins, `; did you mean "kafka-json"?`},
		{"plugin shared word", "json", plugins, `; did you mean "file-json" or "kafka-json"?`},
		{"write mode shorthand", "merge", writeModes, `; did you mean "foreach-batch-merge"?`},
		{"write mode words", "batch-merge", writeModes, `; did you mean "foreach-batch-merge"?`},
		{"write mode underscores", "foreach_batch_merge", writeModes, `; did you mean "foreach-batch-merge"?`},
		{"write mode typo", "apend", writeModes, `; did you mean "append"?`},
		{"trigger underscores", "available_now", triggers, `; did you mean "available-now"?`},
		{"trigger shorthand", "processing", triggers, `; did you mean "processing-time"?`},
		{"output mode typo", "updte", outputModes, `; did you mean "update"?`},
		{"output mode swapped letters", "upadte", outputModes, `; did you mean "update"?`},
		{"key swapped letters", "write_mdoe", keys, `; did you mean "write_mode"?`},
		{"key camel case", "writeMode", keys, `; did you mean "write_mode"?`},
		{"key hyphen", "merge-keys", keys, `; did you mean "merge_keys"?`},
		{"nothing close", "parquet", plugins, ""},
		{"short and far", "x", outputModes, ""},
		{"one past the edits", "k", []string{"kafka", "s3", "spark"}, ""},
		{"part of a word is no word", "ppend", []string{"foreach-batch-merge"}, ""},
		{"too short for a word", "js", plugins, ""},
		{"the value itself", "delta", plugins, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := DidYouMean(tc.value, tc.candidates); got != tc.want {
				t.Errorf("DidYouMean(%q) = %q, want %q", tc.value, got, tc.want)
			}
		})
	}
}
