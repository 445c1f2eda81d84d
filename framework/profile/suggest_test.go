package profile

import (
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
)

// TestSuggest: a misspelling, a shorthand or another spelling of a value,
// plugin name or key gets a "did you mean"; a value close to nothing gets
// none.
func TestSuggest(t *testing.T) {
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
		{"part of a word is no word", "ppend", []string{"foreach-batch-merge"}, ""},
		{"too short for a word", "js", plugins, ""},
		{"the value itself", "delta", plugins, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := suggest(tc.value, tc.candidates); got != tc.want {
				t.Errorf("suggest(%q) = %q, want %q", tc.value, got, tc.want)
			}
		})
	}
}

// TestDidYouMeanInHints: every place a profile names a plugin, an enum
// value or a key puts the suggestion in the diagnostic's hint.
func TestDidYouMeanInHints(t *testing.T) {
	const head = "name: t\nengine: pyspark\nexecution: {checkpoint_root: s3a://w/ck, trigger: {type: %s}}\nassets:\n"
	tests := []struct {
		name    string
		trigger string
		asset   string
		code    string
		want    string
	}{
		{"plugin", "once", "{plugin: kafka, resource: orders, topic: t}", CodeUnknownPlugin, `did you mean "kafka-json"?`},
		{"write mode", "once", "{plugin: delta, table: t.w, write_mode: merge}", CodeBadEnum, `did you mean "foreach-batch-merge"?`},
		{"output mode", "once", "{plugin: delta, table: t.w, write_mode: foreach-batch-merge, output_mode: updte}", CodeBadEnum, `did you mean "update"?`},
		{"trigger", "available_now", "{plugin: delta, table: t.w}", CodeBadEnum, `did you mean "available-now"?`},
		{"starting offsets", "once", "{plugin: kafka-json, resource: orders, topic: t, starting_offsets: earlist}", CodeBadEnum, `did you mean "earliest"?`},
		{"unknown key", "once", "{plugin: delta, table: t.w, write_mdoe: append}", CodeUnknownKey, `did you mean "write_mode"?`},
		{"resource", "once", "{plugin: kafka-json, resource: ordres, topic: t}", CodeMissingResource, `did you mean "orders"?`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(head, "%s", tc.trigger, 1) + "  a: " + tc.asset + "\nresources:\n  spark: {connect_url: \"sc://h:1\"}\n  orders: {kind: kafka, bootstrap_servers: \"h:9092\"}\n"
			_, diags := Parse("t.yaml", []byte(src))
			i := slices.IndexFunc(diags, func(d diag.Diagnostic) bool { return d.Code == tc.code && strings.HasSuffix(d.Hint, tc.want) })
			if i < 0 {
				t.Fatalf("no %s whose hint ends %q:\n%s", tc.code, tc.want, render(diags))
			}
			if len(diags) != 1 {
				t.Fatalf("want one diagnostic, got:\n%s", render(diags))
			}
			// the suggestion, applied, leaves a clean profile
			fixed, err := ApplyFix([]byte(src), diags[i].Fix)
			if err != nil {
				t.Fatal(err)
			}
			if _, after := Parse("t.yaml", fixed); len(after) != 0 {
				t.Errorf("after the fix %+v:\n%s\n%s", diags[i].Fix, fixed, render(after))
			}
		})
	}
}
