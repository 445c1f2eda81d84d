package planner

import (
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// testProfile is a Spark-stack profile the unit tests bind assets of.
const testProfile = `name: prod
engine: pyspark
execution:
  mode: structured-streaming
  trigger: {type: available-now}
  checkpoint_root: s3a://warehouse/checkpoints
resources:
  spark: {connect_url: "sc://127.0.0.1:15002"}
  kafka: {bootstrap_servers: "127.0.0.1:9092"}
assets:
`

// bindAsset parses one asset of a test profile (flow YAML, e.g.
// "{plugin: delta, table: t}") and binds it in role, with the write mode
// its options select and the given merge keys; the profile is a test
// profile when the plugin is test-only.
func bindAsset(t *testing.T, yaml string, role profile.Role, mergeKeys ...string) *profile.AssetBinding {
	t.Helper()
	p, l := profile.Parse("test.yaml", []byte("test: true\n"+testProfile+"  x: "+yaml+"\n"))
	if l.HasErrors() {
		t.Fatalf("profile: %v", l)
	}
	a, _ := p.Asset("x")
	b := &profile.AssetBinding{Asset: a, Role: role, MergeKeys: mergeKeys}
	if len(a.Plugin.WriteModes) > 0 {
		b.WriteMode = a.Plugin.WriteModes[0]
		if w, ok := a.Plugin.WriteMode(a.String("write_mode")); ok {
			b.WriteMode = w
		}
	}
	return b
}
