package profile

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/etlgen/etlgen/diag"
)

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
		{"resource kind by its name", "once", "{plugin: delta, table: t.w}", CodeUnknownResource, `did you mean "s3"?`},
		{"resource", "once", "{plugin: kafka-json, resource: ordres, topic: t}", CodeMissingResource, `did you mean "orders"?`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(head, "%s", tc.trigger, 1) + "  a: " + tc.asset + "\nresources:\n  spark: {connect_url: \"sc://h:1\"}\n  orders: {kind: kafka, bootstrap_servers: \"h:9092\"}\n"
			if tc.code == CodeUnknownResource {
				src += "  s3a: {region: eu-west-1}\n"
			}
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

// TestPipelineNotFoundSuggests: a misspelt pipeline id gets the closest
// pipeline of the document.
func TestPipelineNotFoundSuggests(t *testing.T) {
	p, diags, err := Load(filepath.Join(exampleDir, "spark.yaml"))
	if err != nil || len(diags) != 0 {
		t.Fatalf("load: %v\n%s", err, render(diags))
	}
	_, bd := Bind(p, exampleDoc(), examplePipeline[:len(examplePipeline)-1])
	want := `; did you mean "` + examplePipeline + `"?`
	if len(bd) != 1 || bd[0].Code != CodePipelineNotFound || !strings.HasSuffix(bd[0].Hint, want) {
		t.Errorf("want one %s whose hint ends %q, got:\n%s", CodePipelineNotFound, want, render(bd))
	}
}
