package all_test

import (
	"go/parser"
	"go/token"
	"os"
	"path"
	"strconv"
	"testing"

	"github.com/etlgen/etlgen/framework/profile"
	"github.com/etlgen/etlgen/localengine"
	_ "github.com/etlgen/etlgen/plugins/all"
	"github.com/etlgen/etlgen/pyspark"
)

// TestEveryPluginFolderListed: all.go imports every folder under plugins/
// that holds a plugin, so no plugin is left out of the registries.
func TestEveryPluginFolderListed(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "all.go", nil, parser.ImportsOnly)
	if err != nil {
		t.Fatal(err)
	}
	imported := map[string]bool{}
	for _, im := range f.Imports {
		p, err := strconv.Unquote(im.Path.Value)
		if err != nil {
			t.Fatal(err)
		}
		imported[path.Base(p)] = true
	}
	entries, err := os.ReadDir("..")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() || e.Name() == "all" {
			continue
		}
		n++
		if !imported[e.Name()] {
			t.Errorf("plugins/%s is not imported by plugins/all: its plugin is registered nowhere", e.Name())
		}
	}
	if n == 0 {
		t.Fatal("no plugin folder under plugins/")
	}
}

// TestRegisteredPartsMatchTheSpecs: for every plugin, each engine its spec
// lists runs each role the spec lists there, and no engine runs a role
// the spec does not give it.
func TestRegisteredPartsMatchTheSpecs(t *testing.T) {
	engines := map[string]func(profile.PluginName, profile.Role) bool{
		profile.EnginePySpark: pyspark.Supports,
		profile.EngineLocal:   localengine.Supports,
	}
	profile.Default().Walk(func(p *profile.Plugin) {
		for engine, supports := range engines {
			for _, r := range []profile.Role{profile.RoleStreamingSource, profile.RoleStaticSource, profile.RoleAppendSink, profile.RoleMergeSink} {
				if got, want := supports(p.Name, r), p.RunsAs(engine, r); got != want {
					t.Errorf("plugin %s on engine %s as %s: the engine runs it: %v, its spec says %v", p.Name, engine, r, got, want)
				}
			}
		}
	})
}
