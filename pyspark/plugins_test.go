package pyspark

import (
	"slices"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestPluginsKeepTheSpecsPromise: every plugin whose spec lists the pyspark
// engine has a reader or writer here for each role it claims, re-reads a
// batch (late rows) exactly when its spec says it can, and the engine
// registers no plugin the specs do not run on it.
func TestPluginsKeepTheSpecsPromise(t *testing.T) {
	claimed := map[profile.PluginName]bool{}
	profile.Default().Walk(func(p *profile.Plugin) {
		if !slices.Contains(p.Engines, profile.EnginePySpark) {
			return
		}
		claimed[p.Name] = true
		for _, r := range p.Roles {
			if !Supports(p.Name, r) {
				t.Errorf("plugin %s claims engine pyspark as %s, but the engine has no %s for it", p.Name, r, map[bool]string{true: "reader", false: "writer"}[isSource(r)])
			}
		}
		spec := p.Source != nil && p.Source.Reread
		if got := plugins[p.Name].Reread != ""; got != spec {
			t.Errorf("plugin %s: the engine re-reads its batches: %v, its spec says %v", p.Name, got, spec)
		}
	})
	for _, n := range Plugins() {
		if !claimed[n] {
			t.Errorf("the engine registers plugin %s, whose spec does not list engine pyspark", n)
		}
	}
}

// TestSupports: a role needs the registered function of its kind.
func TestSupports(t *testing.T) {
	tests := []struct {
		plugin profile.PluginName
		role   profile.Role
		want   bool
	}{
		{"rate", profile.RoleStreamingSource, true}, // plugins/rate, registered by plugins_all_test.go
		{"delta", profile.RoleStaticSource, true},   // plugins/delta
		{"delta", profile.RoleMergeSink, true},
		{"delta", profile.RoleStreamingSource, false},
		{"delta-cdf", profile.RoleStreamingSource, true}, // plugins/deltacdf
		{"file-json", profile.RoleMergeSink, false},      // plugins/filejson
		{"kafka-json", profile.RoleAppendSink, true},     // plugins/kafkajson
		{"kafka-json", profile.RoleMergeSink, false},
		{"memory", profile.RoleStreamingSource, false}, // plugins/memory: local engine only
	}
	for _, tc := range tests {
		if got := Supports(tc.plugin, tc.role); got != tc.want {
			t.Errorf("Supports(%s, %s) = %v, want %v", tc.plugin, tc.role, got, tc.want)
		}
	}
	for _, p := range plugins {
		for _, r := range p.Roles {
			if (isSource(r) && p.Read == nil) || (!isSource(r) && p.Write == nil) {
				t.Errorf("plugin %s lists role %s without its function", p.Name, r)
			}
		}
	}
}
