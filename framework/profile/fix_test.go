package profile

import (
	"strings"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/etlgen/etlgen/diag"
)

// TestApplyFix: each kind of edit lands on the key the path names, in
// block and flow mappings, and a path to nothing is an error.
func TestApplyFix(t *testing.T) {
	const src = "name: t\n# the sinks\nassets:\n  w: {plugin: delta, write_mode: merge}\n  e:\n    plugin: kafka-json\n    kafka: {fetch.max.wait.ms: \"1\"}\n"
	tests := []struct {
		name string
		fix  diag.Fix
		want string // the edited document, decoded and encoded again
		err  bool
	}{
		{name: "set", fix: diag.Fix{Key: "assets.w.write_mode", Set: "foreach-batch-merge"},
			want: "name: t\nassets:\n  w: {plugin: delta, write_mode: foreach-batch-merge}\n  e:\n    plugin: kafka-json\n    kafka: {fetch.max.wait.ms: \"1\"}\n"},
		{name: "add", fix: diag.Fix{Key: "assets.w.output_mode", Set: "append"},
			want: "name: t\nassets:\n  w: {plugin: delta, write_mode: merge, output_mode: append}\n  e:\n    plugin: kafka-json\n    kafka: {fetch.max.wait.ms: \"1\"}\n"},
		{name: "rename", fix: diag.Fix{Key: "assets.e.plugin", Rename: "plugins"},
			want: "name: t\nassets:\n  w: {plugin: delta, write_mode: merge}\n  e:\n    plugins: kafka-json\n    kafka: {fetch.max.wait.ms: \"1\"}\n"},
		{name: "delete", fix: diag.Fix{Key: "assets.w.write_mode", Delete: true},
			want: "name: t\nassets:\n  w: {plugin: delta}\n  e:\n    plugin: kafka-json\n    kafka: {fetch.max.wait.ms: \"1\"}\n"},
		{name: "dotted key", fix: diag.Fix{Key: "assets.e.kafka.fetch.max.wait.ms", Set: "2"},
			want: "name: t\nassets:\n  w: {plugin: delta, write_mode: merge}\n  e:\n    plugin: kafka-json\n    kafka: {fetch.max.wait.ms: \"2\"}\n"},
		{name: "no such mapping", fix: diag.Fix{Key: "assets.x.plugin", Set: "delta"}, err: true},
		{name: "delete nothing", fix: diag.Fix{Key: "assets.w.output_mode", Delete: true}, err: true},
		{name: "empty fix", err: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ApplyFix([]byte(src), tc.fix)
			if tc.err {
				if err == nil {
					t.Fatalf("no error; got\n%s", got)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if n := normaliseYAML(t, got); n != tc.want {
				t.Errorf("got\n%s\nwant\n%s", n, tc.want)
			}
		})
	}
}

// normaliseYAML decodes and encodes a document without its comments.
func normaliseYAML(t *testing.T, data []byte) string {
	t.Helper()
	var v yaml.Node
	if err := yaml.Unmarshal(data, &v); err != nil {
		t.Fatal(err)
	}
	var strip func(n *yaml.Node)
	strip = func(n *yaml.Node) {
		n.HeadComment, n.LineComment, n.FootComment = "", "", ""
		for _, c := range n.Content {
			strip(c)
		}
	}
	strip(&v)
	var b strings.Builder
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(&v); err != nil {
		t.Fatal(err)
	}
	return b.String()
}
