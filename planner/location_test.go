package planner

import (
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestLocationOverlaps: spellings of one place compare equal (s3/s3a/s3n,
// file: URIs, trailing and doubled slashes, table case and quoting,
// delta.`path`), nested paths overlap, siblings and other kinds do not.
func TestLocationOverlaps(t *testing.T) {
	tests := []struct {
		a, b string // asset options in flow YAML
		want bool
	}{
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: /data/out/}", true},
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: \"file:///data/out\"}", true},
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: \"file:/data//out/\"}", true},
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: \"file://localhost/data/out\"}", true},
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: /data/out/rejected}", true},
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: /data/output}", false},
		{"{plugin: file-json, path: /data/out}", "{plugin: file-json, path: \"file://otherhost/data/out\"}", false},
		{"{plugin: file-json, path: /data/a/../out}", "{plugin: file-json, path: /data/out}", true},
		{"{plugin: delta, path: \"s3a://wh/t\"}", "{plugin: delta, path: \"s3://wh/t/\"}", true},
		{"{plugin: delta, path: \"s3a://wh/t\"}", "{plugin: file-json, path: \"s3n://wh/t/part\"}", true},
		{"{plugin: delta, path: \"s3a://wh/t\"}", "{plugin: delta, path: \"s3a://other/t\"}", false},
		{"{plugin: delta, path: \"s3a://wh\"}", "{plugin: delta, path: \"s3a://wh/t\"}", true},
		{"{plugin: delta, table: curated.w}", "{plugin: delta, table: \"`Curated`.`W`\"}", true},
		{"{plugin: delta, table: curated.w}", "{plugin: delta-cdf, table: spark_catalog.curated.w}", true},
		{"{plugin: delta, table: curated.w}", "{plugin: delta, table: curated.w2}", false},
		{"{plugin: delta, table: \"delta.`s3a://wh/t`\"}", "{plugin: delta, path: \"s3a://wh/t\"}", true},
		{"{plugin: delta, table: curated.w}", "{plugin: delta, path: curated.w}", false},
	}
	for _, tt := range tests {
		a, okA := bindingLocation(bindAsset(t, tt.a, profile.RoleAppendSink), "")
		b, okB := bindingLocation(bindAsset(t, tt.b, profile.RoleAppendSink), "")
		if !okA || !okB {
			t.Fatalf("%s / %s: no location", tt.a, tt.b)
		}
		if got := a.overlaps(b); got != tt.want || b.overlaps(a) != tt.want {
			t.Errorf("%s (%s) overlaps %s (%s) = %v, want %v", tt.a, a.key, tt.b, b.key, got, tt.want)
		}
	}
}

// TestLocationRelative: a relative path meets an absolute spelling of the
// same directory only through the working directory; without it relative
// paths compare with relative ones.
func TestLocationRelative(t *testing.T) {
	rel := pathLocation("out/w", "")
	abs := pathLocation("file:///work/out/w/", "")
	if rel.overlaps(abs) {
		t.Errorf("without a working directory %s overlaps %s", rel.key, abs.key)
	}
	if !rel.overlaps(pathLocation("./out/w/", "")) || rel.overlaps(pathLocation("../out/w", "")) {
		t.Errorf("relative paths: out/w vs ./out/w/ and ../out/w compare wrongly")
	}
	if got := pathLocation("out/w", "/work"); !got.overlaps(abs) {
		t.Errorf("with /work: %s does not overlap %s", got.key, abs.key)
	}
	if bindingLocationOK(t, "{plugin: kafka-json, resource: kafka, topic: t}") {
		t.Error("a Kafka topic has a storage location")
	}
}

func bindingLocationOK(t *testing.T, yaml string) bool {
	_, ok := bindingLocation(bindAsset(t, yaml, profile.RoleStreamingSource), "")
	return ok
}
