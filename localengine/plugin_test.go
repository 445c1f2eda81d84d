package localengine

import (
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
)

// TestPluginsCoverProfile: every (plugin, role) the profile registry says
// the local engine runs has a reader or writer here, and the engine
// registers none the registry does not claim; a plugin that merges on the
// local engine also applies CDF changes.
func TestPluginsCoverProfile(t *testing.T) {
	reg := profile.Default()
	reg.Walk(func(spec *profile.Plugin) {
		local := spec.RunsOn(profile.EngineLocal)
		for _, r := range spec.Roles {
			if got := Supports(spec.Name, r); got != spec.RunsAs(profile.EngineLocal, r) {
				t.Errorf("Supports(%s, %s) = %v; the plugin's spec lists engines %v", spec.Name, r, got, spec.Engines)
			}
		}
		if local && spec.Supports(profile.RoleMergeSink) && !SupportsChanges(spec.Name) {
			t.Errorf("plugin %s merges on the local engine but applies no CDF changes", spec.Name)
		}
	})
	for name, p := range plugins {
		spec, ok := reg.Lookup(string(name))
		if !ok || !spec.RunsOn(profile.EngineLocal) {
			t.Errorf("the engine registers plugin %s, which the profile registry does not run on the local engine", name)
			continue
		}
		for r := range p.Sources {
			if !spec.Supports(r) {
				t.Errorf("plugin %s: the engine reads it as %s, a role its spec does not list", name, r)
			}
		}
		for r := range p.Sinks {
			if !spec.Supports(r) {
				t.Errorf("plugin %s: the engine writes it as %s, a role its spec does not list", name, r)
			}
		}
	}
}

func TestSupportsUnknownPlugin(t *testing.T) {
	if Supports("nope", profile.RoleStreamingSource) || SupportsChanges("nope") {
		t.Error("an unknown plugin is supported")
	}
	if Supports("kafka-json", profile.RoleStreamingSource) { // plugins/kafkajson
		t.Error("kafka-json reads on the local engine, but its spec says it is a sink only there")
	}
}
